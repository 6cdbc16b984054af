import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminRole } from "~/lib/enums";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

// The staff JSON routes of the tariff catalogue, against the real built server, for every role.

let server: TestServer;
let staff: Record<AdminRole, Client>;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  visitor = publicClient(server);
  staff = await staffOfEveryRole(server);
});

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
});

const countTariffs = async () => (await server.db.selectFrom("tariffs").select("id").execute()).length;

describe("POST /admin/api/tariffs", () => {
  it.each(["admin", "super_admin"] as const)("adds a tariff for a %s, and answers it with every field", async (role) => {
    const response = await staff[role].postJson("/admin/api/tariffs", tariffInput());
    expect(response.status).toBe(201);
    const tariff = await response.json();
    expect(tariff).toMatchObject({ ...tariffInput(), isSample: false });
    const listed = await (await staff.manager.get("/admin/api/tariffs")).json();
    expect(listed).toEqual([tariff]);
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

  it("answers 409 for a slug already taken", async () => {
    await addTariffs(staff.admin, [tariffInput()]);
    const response = await staff.admin.postJson("/admin/api/tariffs", tariffInput({ name: "Another" }));
    expect(response.status).toBe(409);
    expect(await countTariffs()).toBe(1);
  });
});
