import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffOrder } from "~/features/orders/staff-order";
import type { ListedOrder } from "~/features/orders/order-list.server";
import { contractEndDate } from "~/features/orders/contracts.server";
import type { AdminRole } from "~/features/staff/admin-roles";
import { ukDay } from "~/lib/calendar";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type StaffClient } from "../support/client";
import { TestMailbox } from "../support/mailbox";
import { seedOrder, TWO_LINES } from "../support/seeded-orders";
import { ukDayFromNow } from "../support/seeded-quotes";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The orders' staff JSON routes over the real built server: the list with its filters, one order, and PATCH (status, details, lines) with its rules, its
 * version check, the timeline and audit entries, the contracts on Live and the customer's emails, for every role.
 */

let server: TestServer;
let mailbox: TestMailbox;
let staff: Record<AdminRole, StaffClient>;
const ROLES = ["manager", "admin", "super_admin"] as const;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url });
  staff = await staffOfEveryRole(server, { manager: { firstName: "Morgan", lastName: "Keeper" }, admin: { firstName: "Ada", lastName: "Second" } });
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

async function orderOf(id: number, client = staff.manager): Promise<StaffOrder> {
  const response = await client.get(`/admin/api/orders/${id}`);
  expect(response.status).toBe(200);
  return response.json();
}

const timeline = (leadId: number) =>
  server.db.selectFrom("leadActivity").select(["body", "actorName"]).where("leadId", "=", leadId).where("kind", "=", "order").orderBy("id").execute();
const audit = (orderId: number) =>
  server.db
    .selectFrom("auditLog")
    .select(["action", "summary", "actorName"])
    .where("entityType", "=", "order")
    .where("entityId", "=", String(orderId))
    .orderBy("id")
    .execute();
const orderEmails = (leadId: number) =>
  server.db
    .selectFrom("outbox")
    .select(["payload", "recipientEmail"])
    .where("kind", "=", "order.customer-email")
    .where("leadId", "=", leadId)
    .orderBy("id")
    .execute();

describe("GET /admin/api/orders", () => {
  it("lists orders newest changed first, filtered by status and owner and searched by business or reference, for every role", async () => {
    const owner = staff.admin.user.id;
    const older = await seedOrder(server.db, { businessName: "Listing Older Bakery", updatedAt: new Date(Date.now() - 60_000).toISOString() });
    const newer = await seedOrder(server.db, { businessName: "Listing Newer Florist", ownerId: owner, status: "submitted" });
    for (const role of ROLES) {
      const response = await staff[role].get("/admin/api/orders?q=listing");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe("2");
      const rows: ListedOrder[] = await response.json();
      expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
      expect(rows[0]).toMatchObject({
        reference: newer.reference,
        businessName: "Listing Newer Florist",
        owner: "Ada Second",
        lineCount: 2,
        monthlyExVatPence: 3000,
      });
    }
    const byReference: ListedOrder[] = await (await staff.manager.get(`/admin/api/orders?q=${older.reference.toLowerCase()}`)).json();
    expect(byReference.map((row) => row.id)).toEqual([older.id]);
    const byStatus: ListedOrder[] = await (await staff.manager.get("/admin/api/orders?q=listing&status=submitted")).json();
    expect(byStatus.map((row) => row.id)).toEqual([newer.id]);
    const byOwner: ListedOrder[] = await (await staff.manager.get(`/admin/api/orders?q=listing&owner=${owner}`)).json();
    expect(byOwner.map((row) => row.id)).toEqual([newer.id]);
    const unowned: ListedOrder[] = await (await staff.manager.get("/admin/api/orders?q=listing&owner=unassigned")).json();
    expect(unowned.map((row) => row.id)).toEqual([older.id]);
  });

  it("answers 401 signed out and 405 for another method", async () => {
    expect((await publicClient(server).get("/admin/api/orders")).status).toBe(401);
    expect((await publicClient(server).get("/admin/api/orders/1")).status).toBe(401);
    expect((await publicClient(server).patch("/admin/api/orders/1", { version: 1 })).status).toBe(401);
    expect((await staff.manager.postJson("/admin/api/orders", {})).status).toBe(405);
  });
});

describe("GET /admin/api/orders/{id}", () => {
  it("shows the order with its lines, the PAC only by its ending", async () => {
    const seeded = await seedOrder(server.db, { businessName: "Reading Joinery" });
    const response = await staff.manager.get(`/admin/api/orders/${seeded.id}`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain("ABC123456");
    const order: StaffOrder = JSON.parse(text);
    expect(order).toMatchObject({ reference: seeded.reference, status: "details_received", version: 1, businessName: "Reading Joinery" });
    expect(order.lines[0]).toMatchObject({ position: 1, userName: "Alex Keeper", pacEnding: "456", pacHeld: true, mobileNumber: "07700900123" });
    expect((await staff.manager.get("/admin/api/orders/999999")).status).toBe(404);
    expect((await staff.manager.get("/admin/api/orders/abc")).status).toBe(404);
  });
});

describe("PATCH /admin/api/orders/{id}", () => {
  it.each(ROLES)("lets a %s change the details and a line, each on the lead's timeline and in the audit log", async (role) => {
    const seeded = await seedOrder(server.db, { businessName: `Editing ${role} Ltd` });
    const response = await staff[role].patch(`/admin/api/orders/${seeded.id}`, {
      version: 1,
      deliveryPostcode: "sw1a2aa",
      billingEmail: "Accounts@Example.co.uk",
      lines: [{ id: seeded.lineIds[1], userName: "Bo Renamed", mobileNumber: "+44 7700 900456", pac: "xyz654321", pacIssuedOn: ukDayFromNow(-1) }],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const order: StaffOrder = await response.json();
    expect(order.version).toBe(2);
    expect(order.deliveryPostcode).toBe("SW1A 2AA");
    expect(order.lines[1]).toMatchObject({ userName: "Bo Renamed", mobileNumber: "07700900456", pacEnding: "321", pacHeld: true });
    const stored = await server.db.selectFrom("orders").select(["billingEmailNormalised"]).where("id", "=", seeded.id).executeTakeFirstOrThrow();
    expect(stored.billingEmailNormalised).toBe("accounts@example.co.uk");
    const line = await server.db.selectFrom("orderLines").select("pac").where("id", "=", seeded.lineIds[1]).executeTakeFirstOrThrow();
    expect(line.pac).toBe("XYZ654321");
    const name = staff[role].user.firstName;
    expect((await timeline(seeded.leadId)).map((entry) => entry.body)).toEqual([
      `Order ${seeded.reference}: details changed (postcode, billing email)`,
      `Order ${seeded.reference}: line 2 changed (user, mobile number, PAC, PAC date)`,
    ]);
    const entries = await audit(seeded.id);
    expect(entries.map((entry) => entry.action)).toEqual(["order.details-changed", "order.line-changed"]);
    expect(entries[0].actorName).toContain(name);
  });

  it("refuses bad input by field (400) and changes nothing", async () => {
    const seeded = await seedOrder(server.db, { businessName: "Bad Input Plumbing" });
    const response = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, {
      version: 1,
      deliveryPostcode: "NOT A POSTCODE",
      earliestConnectionDate: "2026-02-30",
      lines: [{ id: seeded.lineIds[0], mobileNumber: "12345", pac: "AB1234567" }],
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toMatchObject({
      deliveryPostcode: "Enter a UK postcode, like SW1A 1AA",
      earliestConnectionDate: "Enter earliest connection date as a real date",
      "lines.0.mobileNumber": "Enter a UK mobile number, like 07700 900123",
      "lines.0.pac": "Enter the PAC as three letters and six digits, like ABC123456",
    });
    const other = await seedOrder(server.db, { businessName: "Other Order Ltd" });
    const foreign = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 1, lines: [{ id: other.lineIds[0], userName: "Nobody" }] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).fieldErrors).toEqual({ "lines.0.id": "That line is not on this order" });
    expect((await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { businessName: "No version" })).status).toBe(400);
    expect((await orderOf(seeded.id)).version).toBe(1);
    expect(await timeline(seeded.leadId)).toEqual([]);
  });

  it("refuses a change made from an older version (409) with the order as the first person left it", async () => {
    const seeded = await seedOrder(server.db, { businessName: "Two At Once Ltd" });
    const first = await staff.admin.patch(`/admin/api/orders/${seeded.id}`, { version: 1, businessName: "Saved First Ltd" });
    expect(first.status).toBe(200);
    const second = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 1, businessName: "Saved Second Ltd" });
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.error).toMatch(/^Changed by Ada Second at .+ since you opened it/);
    expect(body.current).toMatchObject({ version: 2, businessName: "Saved First Ltd" });
    expect((await orderOf(seeded.id)).businessName).toBe("Saved First Ltd");
  });

  it("needs a reason for On hold and a port date for each line keeping a number for Porting", async () => {
    const seeded = await seedOrder(server.db, { businessName: "Rules Of Status Ltd" });
    const hold = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 1, status: "on_hold", holdReason: "  " });
    expect(hold.status).toBe(400);
    expect((await hold.json()).fieldErrors).toEqual({ holdReason: "Say why the order is on hold" });
    const porting = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 1, status: "porting" });
    expect(porting.status).toBe(400);
    expect((await porting.json()).fieldErrors).toEqual({ [`portDates.${seeded.lineIds[0]}`]: "Enter line 1's port date" });
    expect((await orderOf(seeded.id)).version).toBe(1);

    const held = await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 1, status: "on_hold", holdReason: "Waiting for the PAC" });
    expect(held.status).toBe(200);
    expect(await held.json()).toMatchObject({ status: "on_hold", holdReason: "Waiting for the PAC", version: 2 });
    const list: ListedOrder[] = await (await staff.manager.get("/admin/api/orders?q=rules%20of%20status")).json();
    expect(list[0]).toMatchObject({ status: "on_hold", holdReason: "Waiting for the PAC" });
    const resumed: StaffOrder = await (await staff.manager.patch(`/admin/api/orders/${seeded.id}`, { version: 2, status: "submitted" })).json();
    expect(resumed).toMatchObject({ status: "submitted", holdReason: null });
    expect(resumed.lines.map((line) => line.status)).toEqual(["submitted", "submitted"]);
  });

  it("takes the order to Live: its lines follow, the customer is emailed once at each step, contracts made and PACs cleared once", async () => {
    const lines = [
      ...TWO_LINES,
      { userName: "Cy Gone", numberChoice: "new" as const, status: "cancelled" as const },
      { userName: "Di Noterm", termMonths: null },
    ];
    const seeded = await seedOrder(server.db, { businessName: "Going Live Ltd", billingEmail: "live@example.co.uk", lines });
    const patch = (body: Record<string, unknown>) => staff.manager.patch(`/admin/api/orders/${seeded.id}`, body);
    let version = 1;
    const step = async (body: Record<string, unknown>) => {
      const response = await patch({ version, ...body });
      expect(response.status, await response.clone().text()).toBe(200);
      const order: StaffOrder = await response.json();
      version = order.version;
      return order;
    };
    await step({ status: "submitted" });
    const dispatched = await step({ status: "dispatched" });
    expect(dispatched.lines.map((line) => line.status)).toEqual(["dispatched", "dispatched", "cancelled", "dispatched"]);
    const portDate = ukDayFromNow(5);
    const porting = await step({ status: "porting", portDates: { [seeded.lineIds[0]]: portDate } });
    expect(porting.lines[0].portDate).toBe(portDate);
    await step({ status: "on_hold", holdReason: "Network query" });
    await step({ status: "porting" });
    const live = await step({ status: "live" });
    expect(live.liveAt).not.toBeNull();
    expect(live.lines.map((line) => line.status)).toEqual(["live", "live", "cancelled", "live"]);
    expect(live.lines[0]).toMatchObject({ pacHeld: false, pacEnding: "456" });
    expect(live.lines[0].pacClearedAt).not.toBeNull();

    const today = ukDay(new Date());
    const contracts = await server.db.selectFrom("contracts").selectAll().where("orderId", "=", seeded.id).orderBy("orderLineId").execute();
    expect(contracts.map((contract) => [contract.orderLineId, contract.startDate, contract.endDate, contract.termMonths])).toEqual([
      [seeded.lineIds[0], today, contractEndDate(today, 24), 24],
      [seeded.lineIds[1], today, contractEndDate(today, 24), 24],
    ]);
    expect(contractEndDate("2026-12-01", 24)).toBe("2028-11-30");

    // Live again (after a status in between): no second contract, no second email.
    await step({ status: "on_hold", holdReason: "Checking a bill" });
    await step({ status: "live" });
    expect(await server.db.selectFrom("contracts").select("id").where("orderId", "=", seeded.id).execute()).toHaveLength(2);

    const emails = await orderEmails(seeded.leadId);
    const subjects = emails.map((email) => JSON.parse(email.payload).subject);
    expect(subjects).toEqual([
      `Your order ${seeded.reference} is on its way`,
      `Your order ${seeded.reference} numbers are moving`,
      `Your order ${seeded.reference} is live`,
    ]);
    expect(emails.every((email) => email.recipientEmail === "live@example.co.uk")).toBe(true);
    expect(JSON.parse(emails[1].payload).text).toContain("Line 1 (Alex Keeper):");

    const bodies = (await timeline(seeded.leadId)).map((entry) => entry.body);
    expect(bodies[0]).toBe(`Order ${seeded.reference}: Submitted to network`);
    expect(bodies[1]).toBe(`Order ${seeded.reference}: Dispatched; emailed to live@example.co.uk`);
    expect(bodies).toContain(`Order ${seeded.reference}: On hold: Network query`);
    expect(bodies.filter((body) => body.includes(": Live"))).toHaveLength(2);
    expect((await audit(seeded.id)).filter((entry) => entry.action === "order.status-changed")).toHaveLength(8);
  });

  it("cancels an order with its lines", async () => {
    const seeded = await seedOrder(server.db, { businessName: "Cancelling Ltd" });
    const response = await staff.admin.patch(`/admin/api/orders/${seeded.id}`, { version: 1, status: "cancelled" });
    const order: StaffOrder = await response.json();
    expect(order.status).toBe("cancelled");
    expect(order.lines.map((line) => line.status)).toEqual(["cancelled", "cancelled"]);
    expect((await staff.admin.patch("/admin/api/orders/999999", { version: 1, status: "live" })).status).toBe(404);
  });
});
