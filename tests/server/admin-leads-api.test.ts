import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { SPEC_LEAD_FIELDS } from "../support/leads";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { seedTestLeads } from "../support/database";

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
// The manager is named: the lead's activity shows who changed it.
const staff = forSuite(() => staffOfEveryRole(server, { manager: { firstName: "Max" } }));
beforeAll(async () => {
  await seedTestLeads(server.db, 120);
});

async function leadId(offset = 0): Promise<number> {
  const row = await server.db.selectFrom("leads").select("id").orderBy("id").offset(offset).limit(1).executeTakeFirstOrThrow();
  return row.id;
}

describe("GET /admin/api/quote-requests", () => {
  it("lists leads newest first, 50 a page, with the totals in headers", async () => {
    const response = await staff.manager.get("/admin/api/quote-requests");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("120");
    expect(response.headers.get("x-page-count")).toBe("3");
    const leads = await response.json();
    expect(leads).toHaveLength(50);
    const dates = leads.map((lead: { createdAt: string }) => lead.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const last = await staff.manager.get("/admin/api/quote-requests?page=3");
    expect(await last.json()).toHaveLength(20);
  });

  it("searches case-insensitively over company, names, email, phone and reference, with the status filter", async () => {
    const sample = await server.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", await leadId(7))
      .executeTakeFirstOrThrow();
    for (const q of [sample.email.toUpperCase(), sample.businessName.slice(2, 12).toLowerCase(), sample.reference, sample.phoneNumber.replace(/\s/g, "")]) {
      const found = await (await staff.manager.get(`/admin/api/quote-requests?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.map((lead: { id: number }) => lead.id),
        q,
      ).toContain(sample.id);
      for (const lead of found) {
        const haystack = [
          lead.companyName,
          lead.businessName,
          lead.firstName,
          lead.lastName,
          lead.email,
          lead.phoneNumber,
          lead.phoneNumber.replace(/\s/g, ""),
          lead.reference,
        ]
          .join(" ")
          .toLowerCase();
        expect(haystack, q).toContain(q.toLowerCase());
      }
    }
    const qualified = await (await staff.manager.get("/admin/api/quote-requests?status=qualified")).json();
    expect(qualified.length).toBeGreaterThan(0);
    expect(new Set(qualified.map((lead: { status: string }) => lead.status))).toEqual(new Set(["qualified"]));
    const none = await staff.manager.get("/admin/api/quote-requests?q=%25");
    expect(none.headers.get("x-total-count")).toBe("0");
  });

  it("answers 401 signed out", async () => {
    expect((await visitor.get("/admin/api/quote-requests")).status).toBe(401);
  });
});

describe("the Lead shape of every JSON answer", () => {
  const fromApi = {
    teamSize: "10+",
    contractExpiry: "3 Months+",
    businessType: "LTD company",
    businessName: "Shape Test Joinery Ltd",
    postcode: "YO1 7HH",
    firstName: "Imogen",
    lastName: "Shaw",
    email: "imogen@shapetestjoinery.co.uk",
    phoneNumber: "01904 496000",
    contractLength: "36 months",
    companyName: "Shape Test Joinery",
    jobTitle: "Office Manager",
    requirements: "Twelve SIMs with EU roaming",
  };
  const fromWizard = {
    ...fromApi,
    businessName: "Wizard Only Florist",
    email: "wizard@onlyflorist.co.uk",
    contractLength: undefined,
    companyName: undefined,
    jobTitle: undefined,
    requirements: undefined,
  };

  async function submit(quote: Record<string, unknown>): Promise<number> {
    const response = await visitor.postJson("/api/quote-requests", quote);
    expect(response.status).toBe(201);
    return (await response.json()).id;
  }

  function expectSpecLead(lead: Record<string, unknown>, expected: Record<string, unknown>) {
    for (const field of SPEC_LEAD_FIELDS) expect(lead, field).toHaveProperty(field);
    expect(lead).toMatchObject(expected);
    expect(lead).not.toHaveProperty("company");
    expect(lead).not.toHaveProperty("submissionToken");
    expect(Date.parse(lead.createdAt as string)).not.toBeNaN();
    expect(Date.parse(lead.updatedAt as string)).not.toBeNaN();
  }

  const expectedFull = (id: number) => ({
    id,
    companyName: "Shape Test Joinery",
    firstName: "Imogen",
    lastName: "Shaw",
    jobTitle: "Office Manager",
    email: "imogen@shapetestjoinery.co.uk",
    phoneNumber: "01904 496000",
    teamSize: "10+",
    contractLength: "36 months",
    requirements: "Twelve SIMs with EU roaming",
    status: "new",
    businessName: "Shape Test Joinery Ltd",
    postcode: "YO1 7HH",
    sourcePage: "api",
  });
  // The wizard fills no company name: the business name stands in, the unfilled fields are null.
  const expectedFromWizard = (id: number) => ({
    id,
    companyName: "Wizard Only Florist",
    businessName: "Wizard Only Florist",
    jobTitle: null,
    contractLength: null,
    requirements: null,
    status: "new",
  });

  it("gives every field of the spec's Lead, by name, in the list", async () => {
    const full = await submit(fromApi);
    const wizard = await submit(fromWizard);
    const response = await staff.manager.get("/admin/api/quote-requests?q=shapetestjoinery");
    const [lead] = await response.json();
    expectSpecLead(lead, expectedFull(full));
    const [wizardLead] = await (await staff.manager.get("/admin/api/quote-requests?q=onlyflorist")).json();
    expectSpecLead(wizardLead, expectedFromWizard(wizard));
  });

  it("gives every field of the spec's Lead in the detail and after a status change", async () => {
    const full = await submit({ ...fromApi, email: "detail@shapetestjoinery.co.uk" });
    const detail = await (await staff.manager.get(`/admin/api/quote-requests/${full}`)).json();
    expectSpecLead(detail.lead, { ...expectedFull(full), email: "detail@shapetestjoinery.co.uk" });
    expect(detail.activity).toEqual([]);

    const changed = await staff.manager.put(`/admin/api/quote-requests/${full}`, { status: "qualified" });
    const lead = await changed.json();
    expectSpecLead(lead, { ...expectedFull(full), email: "detail@shapetestjoinery.co.uk", status: "qualified" });
    expect(lead.updatedAt > lead.createdAt).toBe(true);
  });
});

describe("PUT /admin/api/quote-requests/:id", () => {
  it("changes the status for any role and records who did it", async () => {
    const id = await leadId(1);
    const response = await staff.manager.put(`/admin/api/quote-requests/${id}`, { status: "contacted" });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("contacted");
    const lead = await server.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(lead.status).toBe("contacted");
    expect(lead.updatedAt > lead.createdAt).toBe(true);
    const activity = await server.db.selectFrom("leadActivity").selectAll().where("leadId", "=", id).execute();
    expect(activity.at(-1)).toMatchObject({ kind: "status", actorName: "Max Tester" });
    const audit = await server.db.selectFrom("auditLog").selectAll().where("entityId", "=", String(id)).execute();
    expect(audit.at(-1)?.action).toBe("lead.status_changed");
  });

  it.each([
    ["an unknown status", { status: "won" }],
    ["no status", {}],
    ["a status of the wrong type", { status: 3 }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await staff.admin.put(`/admin/api/quote-requests/${await leadId(2)}`, body);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toHaveProperty("status");
  });

  it("answers 400 for malformed JSON and 404 for an unknown or non-numeric id", async () => {
    expect((await staff.admin.put(`/admin/api/quote-requests/${await leadId(2)}`, "{oops")).status).toBe(400);
    expect((await staff.admin.put("/admin/api/quote-requests/999999", { status: "lost" })).status).toBe(404);
    expect((await staff.admin.put("/admin/api/quote-requests/abc", { status: "lost" })).status).toBe(404);
  });

  it("answers 401 signed out and 403 from another site", async () => {
    const id = await leadId(3);
    expect((await visitor.put(`/admin/api/quote-requests/${id}`, { status: "lost" })).status).toBe(401);
    const crossSite = await staff.super_admin.put(`/admin/api/quote-requests/${id}`, { status: "lost" }, { Origin: "http://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await server.db.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).not.toBe("lost");
  });
});

describe("DELETE /admin/api/quote-requests/:id", () => {
  it("lets admins and super admins delete, not managers", async () => {
    const id = await leadId(4);
    expect((await staff.manager.delete(`/admin/api/quote-requests/${id}`)).status).toBe(403);
    expect(await server.db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst()).toBeTruthy();
    expect((await staff.admin.delete(`/admin/api/quote-requests/${id}`)).status).toBe(204);
    expect(await server.db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect((await staff.super_admin.delete(`/admin/api/quote-requests/${id}`)).status).toBe(404);
  });

  it("answers other methods with 405", async () => {
    expect((await staff.super_admin.postJson(`/admin/api/quote-requests/${await leadId(5)}`, "{}")).status).toBe(405);
    expect((await staff.super_admin.postJson("/admin/api/quote-requests", "{}")).status).toBe(405);
  });
});

describe("Export CSV", () => {
  it("streams the leads of the current filter as leads-YYYY-MM-DD.csv: the spec's columns, then every other field, the chosen deal and where it came from", async () => {
    const response = await staff.manager.get("/admin/leads/export?status=converted");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="leads-${today}.csv"`);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"Date","Company","Contact","Email","Phone","Team Size","Contract Length","Status",' +
        '"Reference","Job Title","Business Name","Business Type","Contract Ends","Postcode","Requirements","Came From",' +
        '"Assigned To","Assignee Email","First Contacted","Overdue","Updated",' +
        '"Tariff Slug","Tariff Name","Tariff Lines","Tariff Team Monthly ex VAT","Tariff Contract Total ex VAT",' +
        '"Source","Medium","Campaign","Term","Content","Referring Site","Landing Page","Form Page"',
    );
    const converted = await server.db.selectFrom("leads").select("id").where("status", "=", "converted").execute();
    expect(lines.length - 1).toBe(converted.length);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}",/);
      const cells = line.slice(1, -1).split('","');
      expect(cells).toHaveLength(34);
      expect(cells[7]).toBe("Converted");
      expect(cells[8]).toMatch(/^[A-Z]+-\d{4}-\d+$/);
    }
  });

  it("exports every lead across chunks, newest first, and neutralises formulas typed by visitors", async () => {
    // More than one chunk of rows (the export reads a few hundred at a time).
    await seedTestLeads(server.db, 1500, { startNumber: 10_000 });
    const now = new Date(Date.now() + 60_000).toISOString();
    await server.db
      .insertInto("leads")
      .values({
        reference: "CLB-2026-000001",
        teamSize: "1 - 2",
        contractExpiry: "Not sure",
        businessType: "Other",
        businessName: '=HYPERLINK("http://evil.example","Click")',
        firstName: "Zoë",
        lastName: 'O"Brien',
        email: "zoe@example.co.uk",
        phoneNumber: "+44 7700 900123",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const text = (await (await staff.manager.get("/admin/leads/export")).text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    const total = await server.db.selectFrom("leads").select("id").execute();
    expect(total.length).toBeGreaterThan(1500);
    expect(lines.length - 1).toBe(total.length);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[1]).toContain(`"Zoë O""Brien"`);
    expect(lines[1]).toContain(`"'+44 7700 900123"`);
  });

  it("sends a signed-out visitor to the login path", async () => {
    const response = await visitor.get("/admin/leads/export");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/api/login");
  });
});
