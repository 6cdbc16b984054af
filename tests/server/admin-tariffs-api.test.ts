import { beforeEach, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { addTariffs, tariffInput } from "../support/tariffs";

// The staff JSON routes of the tariff catalogue, against the real built server, for every role.

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const staff = forSuite(() => staffOfEveryRole(server));

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
  await server.db.deleteFrom("auditLog").where("entityType", "=", "tariff").execute();
});

/** The UK calendar day `days` before today, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - days)).toISOString().slice(0, 10);
}

const slugs = (tariffs: { slug: string }[]) => tariffs.map((tariff) => tariff.slug);

async function auditActions(slug: string): Promise<string[]> {
  const rows = await server.db.selectFrom("auditLog").select("action").where("entityType", "=", "tariff").where("entityId", "=", slug).orderBy("id").execute();
  return rows.map((row) => row.action);
}

const countTariffs = async () => (await server.db.selectFrom("tariffs").select("id").execute()).length;

describe("POST /admin/api/tariffs", () => {
  it.each(["admin", "super_admin"] as const)("adds a tariff for a %s, and answers it with every field", async (role) => {
    const response = await staff[role].postJson("/admin/api/tariffs", tariffInput({ checkedOn: daysAgo(0) }));
    expect(response.status).toBe(201);
    const tariff = await response.json();
    expect(tariff).toMatchObject({ ...tariffInput({ checkedOn: daysAgo(0) }), isSample: false });
    const listed = await (await staff.manager.get("/admin/api/tariffs")).json();
    expect(listed).toEqual([{ ...tariff, stale: false }]);
  });

  it("refuses a manager (403) and a visitor (401), and stores nothing", async () => {
    expect((await staff.manager.postJson("/admin/api/tariffs", tariffInput())).status).toBe(403);
    expect((await visitor.postJson("/admin/api/tariffs", tariffInput())).status).toBe(401);
    expect(await countTariffs()).toBe(0);
  });

  it.each([
    { field: "slug", value: "Not A Slug" },
    { field: "network", value: "Tesco" },
    { field: "monthlyPriceExVatPence", value: 12.5 },
    { field: "termMonths", value: 18 },
    { field: "priceRises", value: [{ from: "2027-02-30", monthlyPriceExVatPence: 1400 }] },
    { field: "priceRises", value: [{ from: "2027-04-01", percent: 3.9 }] },
    { field: "dataGb", value: "lots" },
    { field: "multiLineDiscount", value: { fromLine: 1, percent: 10 } },
    { field: "maxLines", value: 0 },
    { field: "sourceUrl", value: "javascript:alert(1)" },
    { field: "checkedOn", value: "2999-01-01" },
  ])("answers 400 naming $field for a bad $field, and stores nothing", async ({ field, value }) => {
    const response = await staff.admin.postJson("/admin/api/tariffs", { ...tariffInput(), [field]: value });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.error).toBe("Invalid tariff");
    expect(Object.keys(body.fieldErrors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
    expect(await countTariffs()).toBe(0);
  });

  it("refuses a name or business extra holding control or text-direction characters with 400 and the field's message, and stores nothing", async () => {
    for (const [field, value, message] of [
      ["name", "Business \u202eBG03 MIS", "Please type the tariff's name again: it holds hidden control or text-direction characters"],
      ["businessExtras.0", "Priority\u0007 support", "Please type each business extra again: it holds hidden control or text-direction characters"],
    ] as const) {
      const tariff = field === "name" ? tariffInput({ name: value }) : tariffInput({ businessExtras: [value] });
      const response = await staff.admin.postJson("/admin/api/tariffs", tariff);
      expect(response.status, field).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid tariff", fieldErrors: { [field]: message } });
    }
    expect(await countTariffs()).toBe(0);
    await addTariffs(staff.admin, [tariffInput()]);
    const edit = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { name: "Business SIM \u2066 30GB" });
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      name: "Please type the tariff's name again: it holds hidden control or text-direction characters",
    });
    expect(await (await staff.manager.get("/admin/api/tariffs/ee-business-30gb-24")).json()).toMatchObject({ name: tariffInput().name });
  });

  it("answers 409 for a slug already taken", async () => {
    await addTariffs(staff.admin, [tariffInput()]);
    const response = await staff.admin.postJson("/admin/api/tariffs", tariffInput({ name: "Another" }));
    expect(response.status).toBe(409);
    expect(await countTariffs()).toBe(1);
  });
});

describe("GET /admin/api/tariffs with filters", () => {
  const catalogue = [
    tariffInput({ slug: "ee-unlimited", network: "EE", name: "Business Unlimited", status: "live", checkedOn: daysAgo(10) }),
    tariffInput({ slug: "o2-data-50", network: "O2", name: "Data 50GB", serviceType: "data_only", status: "draft", checkedOn: daysAgo(91) }),
    tariffInput({ slug: "three-100-percent", network: "Three", name: "100% Business", status: "withdrawn", checkedOn: daysAgo(90) }),
    tariffInput({ slug: "vodafone-old", network: "Vodafone", name: "Essentials", status: "live", checkedOn: daysAgo(400) }),
  ];

  beforeEach(async () => {
    await addTariffs(staff.admin, catalogue);
  });

  it.each([
    { query: "", expected: ["ee-unlimited", "o2-data-50", "three-100-percent", "vodafone-old"] },
    { query: "?q=UNLIMITED", expected: ["ee-unlimited"] },
    { query: "?q=o2-DATA", expected: ["o2-data-50"] },
    { query: "?q=vodafone", expected: ["vodafone-old"] },
    { query: "?q=%25", expected: ["three-100-percent"] },
    { query: "?q=_", expected: [] },
    { query: "?q=%00%0Aential%01", expected: ["vodafone-old"] },
    { query: "?network=O2", expected: ["o2-data-50"] },
    { query: "?status=live", expected: ["ee-unlimited", "vodafone-old"] },
    { query: "?serviceType=data_only", expected: ["o2-data-50"] },
    { query: "?stale=1", expected: ["o2-data-50", "vodafone-old"] },
    { query: "?stale=0", expected: ["ee-unlimited", "three-100-percent"] },
    { query: "?status=live&stale=1&q=ential", expected: ["vodafone-old"] },
    { query: "?network=&status=", expected: ["ee-unlimited", "o2-data-50", "three-100-percent", "vodafone-old"] },
  ])("lists $expected for $query", async ({ query, expected }) => {
    const response = await staff.manager.get(`/admin/api/tariffs${query}`);
    expect(response.status).toBe(200);
    expect(slugs(await response.json())).toEqual(expected);
  });

  it("marks a tariff stale once its prices were checked more than TARIFF_STALE_DAYS (90) days ago", async () => {
    const listed = (await (await staff.manager.get("/admin/api/tariffs")).json()) as { slug: string; stale: boolean }[];
    expect(Object.fromEntries(listed.map((tariff) => [tariff.slug, tariff.stale]))).toEqual({
      "ee-unlimited": false,
      "o2-data-50": true,
      "three-100-percent": false,
      "vodafone-old": true,
    });
  });

  it.each(["?network=Tesco", "?status=archived", "?serviceType=broadband", "?stale=yes"])("answers 400 naming the filter for %s", async (query) => {
    const response = await staff.manager.get(`/admin/api/tariffs${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors)).toEqual([query.slice(1).split("=")[0]]);
  });

  it("refuses a visitor (401)", async () => {
    expect((await visitor.get("/admin/api/tariffs?status=live")).status).toBe(401);
  });
});

describe("GET /admin/api/tariffs/{slug}", () => {
  it("answers the tariff to every staff role, and 404 for an unknown slug", async () => {
    await addTariffs(staff.admin, [tariffInput()]);
    for (const role of ["manager", "admin", "super_admin"] as const) {
      const response = await staff[role].get("/admin/api/tariffs/ee-business-30gb-24");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ...tariffInput(), isSample: false });
    }
    expect((await staff.manager.get("/admin/api/tariffs/no-such-tariff")).status).toBe(404);
    expect((await visitor.get("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(401);
  });
});

describe("PATCH /admin/api/tariffs/{slug}", () => {
  beforeEach(async () => {
    await addTariffs(staff.admin, [tariffInput(), tariffInput({ slug: "o2-business-50gb-24", network: "O2" })]);
  });

  it.each(["admin", "super_admin"] as const)("changes only the fields given for a %s, and audits it", async (role) => {
    const response = await staff[role].patch("/admin/api/tariffs/ee-business-30gb-24", { name: "Business SIM 35GB", dataGb: 35, priceRises: [] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...tariffInput(), name: "Business SIM 35GB", dataGb: 35, priceRises: [] });
    expect(await (await staff.manager.get("/admin/api/tariffs/ee-business-30gb-24")).json()).toMatchObject({ name: "Business SIM 35GB", dataGb: 35 });
    expect(await auditActions("ee-business-30gb-24")).toEqual(["tariff.created", "tariff.updated"]);
  });

  it("moves a tariff to a new slug, and refuses one another tariff has (409)", async () => {
    const moved = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { slug: "ee-business-30gb-24-v2" });
    expect(moved.status).toBe(200);
    expect((await staff.admin.get("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(404);
    expect((await staff.admin.get("/admin/api/tariffs/ee-business-30gb-24-v2")).status).toBe(200);
    const taken = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24-v2", { slug: "o2-business-50gb-24" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).fieldErrors).toHaveProperty("slug");
    expect(slugs(await (await staff.admin.get("/admin/api/tariffs")).json())).toEqual(["ee-business-30gb-24-v2", "o2-business-50gb-24"]);
  });

  it.each([
    { body: { monthlyPriceExVatPence: -1 }, field: "monthlyPriceExVatPence" },
    { body: { termMonths: 18 }, field: "termMonths" },
    { body: { slug: "import" }, field: "slug" },
    { body: { minLines: 10, maxLines: 5 }, field: "maxLines" },
    { body: { minLines: 60 }, field: "minLines" },
  ])("answers 400 naming $field, and changes nothing", async ({ body, field }) => {
    const response = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", body);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fieldErrors)).toContain(field);
    expect(await (await staff.admin.get("/admin/api/tariffs/ee-business-30gb-24")).json()).toMatchObject(tariffInput());
  });

  it("answers 400 when an edit breaks a rule between fields of the stored tariff", async () => {
    expect((await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { minLines: 5 })).status).toBe(200);
    const response = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { maxLines: 3 });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toHaveProperty("maxLines");
    expect(await (await staff.admin.get("/admin/api/tariffs/ee-business-30gb-24")).json()).toMatchObject({ minLines: 5, maxLines: 50 });
  });

  it("refuses a manager (403) and a visitor (401), and answers 404 for an unknown slug", async () => {
    expect((await staff.manager.patch("/admin/api/tariffs/ee-business-30gb-24", { name: "Nope" })).status).toBe(403);
    expect((await visitor.patch("/admin/api/tariffs/ee-business-30gb-24", { name: "Nope" })).status).toBe(401);
    expect((await staff.admin.patch("/admin/api/tariffs/no-such-tariff", { name: "Nope" })).status).toBe(404);
    expect(await (await staff.admin.get("/admin/api/tariffs/ee-business-30gb-24")).json()).toMatchObject({ name: tariffInput().name });
  });

  it("withdraws a tariff: it leaves the live list at once, and the audit log says withdrawn", async () => {
    expect(slugs(await (await staff.manager.get("/admin/api/tariffs?status=live")).json())).toContain("ee-business-30gb-24");
    const response = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { status: "withdrawn" });
    expect(response.status).toBe(200);
    expect(slugs(await (await staff.manager.get("/admin/api/tariffs?status=live")).json())).toEqual(["o2-business-50gb-24"]);
    const published = await staff.admin.patch("/admin/api/tariffs/ee-business-30gb-24", { status: "live" });
    expect(published.status).toBe(200);
    expect(slugs(await (await staff.manager.get("/admin/api/tariffs?status=live")).json())).toEqual(["ee-business-30gb-24", "o2-business-50gb-24"]);
    expect(await auditActions("ee-business-30gb-24")).toEqual(["tariff.created", "tariff.withdrawn", "tariff.published"]);
  });
});

describe("DELETE /admin/api/tariffs/{slug}", () => {
  it("deletes for an admin (204, audited), refuses a manager (403), and answers 404 after", async () => {
    await addTariffs(staff.admin, [tariffInput()]);
    expect((await staff.manager.delete("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(403);
    expect((await visitor.delete("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(401);
    expect(await countTariffs()).toBe(1);
    expect((await staff.admin.delete("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(204);
    expect(await countTariffs()).toBe(0);
    expect(await auditActions("ee-business-30gb-24")).toEqual(["tariff.created", "tariff.deleted"]);
    expect((await staff.super_admin.delete("/admin/api/tariffs/ee-business-30gb-24")).status).toBe(404);
  });
});
