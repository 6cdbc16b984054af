import { describe, expect, it } from "vitest";
import { csvRecords } from "~/lib/csv";
import { ORDER_LINES_CSV_COLUMNS } from "~/features/orders/staff-order-csv.server";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { seedOrder } from "../support/seeded-orders";
import { ukDayFromNow } from "../support/seeded-quotes";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * The Orders screen, the order's page and its forms (posted as a browser without JavaScript posts them), the cancel confirmation and the lines CSV, over the
 * real built server with orders seeded as the customer's side leaves them.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(async () => ({
  owner: await staffClient(server, "super_admin"),
  admin: await staffClient(server, "admin", { firstName: "Ada", lastName: "Second" }),
  manager: await staffClient(server, "manager", { firstName: "Morgan", lastName: "Keeper" }),
}));

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const orderRows = (html: string) =>
  html
    .split('data-testid="order-row"')
    .slice(1)
    .map((part) => textOf(`<${part.split("</tr>")[0]}`));

describe("the Orders screen", () => {
  it("lists orders for every role, filtered and searched, with the On hold reason and a link in the sidebar", async () => {
    const held = await seedOrder(server.db, { businessName: "Screen Held Cafe", ownerId: staff.manager.user.id, status: "on_hold" });
    await server.db.updateTable("orders").set({ holdReason: "Awaiting credit check" }).where("id", "=", held.id).execute();
    const other = await seedOrder(server.db, { businessName: "Screen Other Garage" });
    for (const client of [staff.owner, staff.admin, staff.manager]) {
      const response = await client.get("/admin/orders?q=screen");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('href="/admin/orders"');
      const rows = orderRows(html);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(other.reference);
    }
    const filtered = orderRows(await (await staff.manager.get("/admin/orders?q=screen&status=on_hold")).text());
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toContain("Screen Held Cafe");
    expect(filtered[0]).toContain("Awaiting credit check");
    expect(filtered[0]).toContain("Morgan Keeper");
    expect(orderRows(await (await staff.manager.get(`/admin/orders?owner=${staff.manager.user.id}&q=screen`)).text())).toHaveLength(1);
    expect(orderRows(await (await staff.manager.get(`/admin/orders?q=${held.reference}`)).text())).toHaveLength(1);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await publicClient(server).get("/admin/orders");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/admin/api/login");
    expect((await publicClient(server).get("/admin/orders/1")).status).toBe(302);
    expect((await publicClient(server).get("/admin/orders/1/lines.csv")).status).toBe(302);
  });
});

describe("the order's page", () => {
  it("shows the customer's details and lines, a PAC only by its ending", async () => {
    const order = await seedOrder(server.db, { businessName: "Page Shown Ltd" });
    const response = await staff.manager.get(`/admin/orders/${order.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("ABC123456");
    const text = textOf(html);
    expect(text).toContain(`Order ${order.reference}`);
    expect(text).toContain("PAC ending 456");
    expect(html).toContain('value="SW1A 1AA"');
    expect(html).toContain('value="Alex Keeper"');
    expect((await staff.manager.get("/admin/orders/999999")).status).toBe(404);
  });

  it("saves the details from a plain form post, on the lead's timeline", async () => {
    const order = await seedOrder(server.db, { businessName: "Form Post Ltd" });
    const fields = {
      intent: "details",
      version: "1",
      businessName: "Form Posted Ltd",
      companyNumber: "01234567",
      deliveryName: "Sam Buyer",
      deliveryLine1: "1 High Street",
      deliveryLine2: "",
      deliveryTown: "London",
      deliveryPostcode: "sw1a 2aa",
      billingName: "Sam Buyer",
      billingEmail: "a@example.co.uk",
      billingPhone: "07700 900999",
      earliestConnectionDate: ukDayFromNow(7),
    };
    const response = await staff.manager.postForm(`/admin/orders/${order.id}`, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/orders/${order.id}`);
    const page = textOf(await (await staff.manager.follow(response)).text());
    expect(page).toContain("Customer's details saved");
    const stored = await server.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ businessName: "Form Posted Ltd", deliveryPostcode: "SW1A 2AA", version: 2, deliveryTown: "London" });
    const activity = await server.db.selectFrom("leadActivity").select(["body", "actorName"]).where("leadId", "=", order.leadId).execute();
    expect(activity).toEqual([{ body: `Order ${order.reference}: details changed (business name, postcode, billing email)`, actorName: "Morgan Keeper" }]);
  });

  it("refuses a line's bad number at the field, and a save from an older copy with the other person's change shown", async () => {
    const order = await seedOrder(server.db, { businessName: "Race Page Ltd" });
    const line = { intent: "line", version: "1", lineId: String(order.lineIds[0]), userName: "Alex Keeper", mobileNumber: "0770", tariffName: "Vodafone" };
    const bad = await staff.manager.postForm(`/admin/orders/${order.id}`, line);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Enter a UK mobile number, like 07700 900123");

    const first = await staff.admin.postForm(`/admin/orders/${order.id}`, { ...line, userName: "Alex First", mobileNumber: "07700 900777" });
    expect(first.status).toBe(302);
    const second = await staff.manager.postForm(`/admin/orders/${order.id}`, { ...line, userName: "Alex Second", mobileNumber: "07700 900888" });
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(textOf(html)).toMatch(/Changed by Ada Second at .+ since you opened it/);
    expect(html).toContain('value="Alex First"');
    expect(html).not.toContain('value="Alex Second"');
    const stored = await server.db.selectFrom("orderLines").select(["userName", "mobileNumber"]).where("id", "=", order.lineIds[0]).executeTakeFirstOrThrow();
    expect(stored).toEqual({ userName: "Alex First", mobileNumber: "07700900777" });
  });

  it("changes the status: On hold needs its reason, Porting its dates, Cancelled a confirmation", async () => {
    const order = await seedOrder(server.db, { businessName: "Status Page Ltd" });
    const path = `/admin/orders/${order.id}`;
    const noReason = await staff.manager.postForm(path, { intent: "status", version: "1", status: "on_hold", holdReason: "" });
    expect(noReason.status).toBe(400);
    expect(textOf(await noReason.text())).toContain("Say why the order is on hold");
    const noDate = await staff.manager.postForm(path, { intent: "status", version: "1", status: "porting", holdReason: "" });
    expect(noDate.status).toBe(400);
    expect(textOf(await noDate.text())).toContain("Enter line 1's port date");
    const porting = await staff.manager.postForm(path, {
      intent: "status",
      version: "1",
      status: "porting",
      holdReason: "",
      [`portDate.${order.lineIds[0]}`]: ukDayFromNow(3),
    });
    expect(porting.status).toBe(302);
    expect(textOf(await (await staff.manager.follow(porting)).text())).toContain(`Order ${order.reference} is now Porting`);

    const cancel = await staff.manager.postForm(path, { intent: "status", version: "2", status: "cancelled", holdReason: "" });
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get("location")).toBe(`${path}/cancel?version=2`);
    const confirm = await staff.manager.get(`${path}/cancel?version=2`);
    expect(confirm.status).toBe(200);
    expect(textOf(await confirm.text())).toContain(`Cancel order ${order.reference}?`);
    expect((await server.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("porting");
    const confirmed = await staff.manager.postForm(`${path}/cancel?version=2`, { version: "2" });
    expect(confirmed.status).toBe(302);
    const stored = await server.db.selectFrom("orders").select(["status", "version"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "cancelled", version: 3 });
  });
});

describe("the lines CSV", () => {
  it("gives one row per line with the full PAC while held, audited; empty once the order is live", async () => {
    const order = await seedOrder(server.db, { businessName: "Csv Lines Ltd" });
    const response = await staff.manager.get(`/admin/orders/${order.id}/lines.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`order-${order.reference}-lines-`);
    const rows = [...csvRecords((await response.text()).replace(/^\uFEFF/, ""))];
    expect(rows[0]).toEqual([...ORDER_LINES_CSV_COLUMNS]);
    expect(rows[1]).toEqual(["Alex Keeper", "07700900123", "ABC123456", ukDayFromNow(-2), "SIM", "Vodafone Business Unlimited", "24"]);
    expect(rows[2]).toEqual(["Bo Newman", "", "", "", "eSIM", "Vodafone Business Unlimited", "24"]);
    const audit = await server.db
      .selectFrom("auditLog")
      .select(["action", "actorName", "summary"])
      .where("entityType", "=", "order")
      .where("entityId", "=", String(order.id))
      .execute();
    expect(audit).toEqual([
      { action: "order.lines-exported", actorName: "Morgan Keeper", summary: `Downloaded the lines of order ${order.reference} as CSV (2 lines)` },
    ]);

    expect((await staff.manager.patch(`/admin/api/orders/${order.id}`, { version: 1, status: "live" })).status).toBe(200);
    const after = [...csvRecords((await (await staff.manager.get(`/admin/orders/${order.id}/lines.csv`)).text()).replace(/^\uFEFF/, ""))];
    expect(after[1]?.[2]).toBe("");
    expect((await staff.manager.get("/admin/orders/999999/lines.csv")).status).toBe(404);
  });
});
