import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient, type StaffClient } from "../support/client";
import { TestMailbox } from "../support/mailbox";
import { emailKey, TEST_SUPPRESSION_KEY } from "../support/person";
import { seedLiveOrder, type SeededOrder } from "../support/live-orders";
import { ukDayFromNow } from "../support/seeded-quotes";
import { removeTestData, startTestServer, type TestServer } from "../support/server";

/**
 * The renewals job (docs/orders.md, "Renewals"): a live order whose contracts end within 90 days gets one renewal lead, owned
 * by the order's owner, who is emailed; the customer is told their contract ends, unless they objected. The job runs shortly
 * after a start and daily: started again, it makes none. The Renewals screen lists what ends in the next 180 days.
 */

const JOB = { renewalRunHours: 24, renewalStartDelaySeconds: 0 };
let mailbox: TestMailbox;
let server: TestServer;
let dataDir: string;
let rep: StaffClient;
const servers: TestServer[] = [];

const renewalLeads = () => server.db.selectFrom("leads").selectAll().where("renewalOfOrderId", "is not", null).orderBy("id").execute();
const renewalEmails = () =>
  server.db.selectFrom("outbox").select(["kind", "payload", "failedAt", "lastError", "deliveredAt"]).where("kind", "like", "renewal.%").orderBy("id").execute();

let due: SeededOrder;
let objector: SeededOrder;
let later: SeededOrder;
let gone: SeededOrder;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "renewals-"));
  const env = { ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, SUPPRESSION_KEY: TEST_SUPPRESSION_KEY };
  // A first start (the job off) to seed what a year of orders left behind.
  const seeding = await startTestServer(env, { dataDir });
  // Stopped however the seeding ends, so a failed seed leaves no server running.
  try {
    rep = await staffClient(seeding, "manager", { firstName: "Rory", lastName: "Renewals", email: "rory.renewals@clearlinebusiness.co.uk" });
    due = await seedLiveOrder(seeding.db, { businessName: "Due Soon Ltd", email: "accounts@duesoon.example.co.uk", ownerId: rep.user.id, ends: [90, 60, 200] });
    objector = await seedLiveOrder(seeding.db, { businessName: "Said No Ltd", email: "no.contact@saidno.example.co.uk", ownerId: null, ends: [30] });
    later = await seedLiveOrder(seeding.db, { businessName: "Later On Ltd", email: "office@lateron.example.co.uk", ownerId: rep.user.id, ends: [120] });
    gone = await seedLiveOrder(seeding.db, { businessName: "Erased Ltd", email: "gone@erased.example.co.uk", ownerId: null, ends: [10], anonymised: true });
    await seeding.db
      .insertInto("suppressions")
      .values({ hash: emailKey("no.contact@saidno.example.co.uk"), kind: "email", reason: "objected", createdAt: new Date().toISOString() })
      .execute();
  } finally {
    await seeding.stop();
  }

  server = await startTestServer(env, { dataDir, tuning: JOB });
  servers.push(server);
}, 120_000);
afterAll(async () => {
  for (const started of servers) await started.stop();
  await mailbox?.close();
  await removeTestData(dataDir);
});

describe("the renewals job", () => {
  it("makes one renewal lead per order with contracts ending within 90 days, owned by the order's owner, marked as a renewal of it", async () => {
    await expect.poll(async () => (await renewalLeads()).length).toBe(2);
    const leads = await renewalLeads();
    const byOrder = new Map(leads.map((lead) => [lead.renewalOfOrderId, lead]));
    expect([...byOrder.keys()].sort()).toEqual([due.orderId, objector.orderId].sort());
    const renewal = byOrder.get(due.orderId)!;
    expect(renewal).toMatchObject({
      status: "new",
      businessName: "Due Soon Ltd",
      email: "accounts@duesoon.example.co.uk",
      sourcePage: "renewal",
      source: "renewal",
    });
    const owner = await server.db.selectFrom("adminUsers").select("id").where("email", "=", "rory.renewals@clearlinebusiness.co.uk").executeTakeFirstOrThrow();
    expect(renewal.assignedTo).toBe(owner.id);
    // The two contracts ending within 90 days are its; the one ending in 200 days waits for its own time.
    const contracts = await server.db
      .selectFrom("contracts")
      .select(["endDate", "renewalLeadId"])
      .where("orderId", "=", due.orderId)
      .orderBy("endDate")
      .execute();
    expect(contracts).toEqual([
      { endDate: ukDayFromNow(60), renewalLeadId: renewal.id },
      { endDate: ukDayFromNow(90), renewalLeadId: renewal.id },
      { endDate: ukDayFromNow(200), renewalLeadId: null },
    ]);
    const timeline = await server.db
      .selectFrom("leadActivity")
      .select(["kind", "body"])
      .where("leadId", "in", [renewal.id, due.leadId])
      .orderBy("id")
      .execute();
    expect(timeline).toEqual([
      { kind: "order", body: expect.stringMatching(new RegExp(`^Renewal of order ${due.reference}: 2 contracts ending from .+, £29\\.00 a month ex VAT$`)) },
      { kind: "order", body: expect.stringContaining(`renewal lead ${renewal.reference} made`) },
    ]);
  });

  it("emails the owner and the customer, but never a customer who objected", async () => {
    await expect.poll(() => mailbox.to("rory.renewals@clearlinebusiness.co.uk").length).toBe(1);
    await expect.poll(() => mailbox.to("accounts@duesoon.example.co.uk").length).toBe(1);
    const [toOwner] = mailbox.to("rory.renewals@clearlinebusiness.co.uk");
    expect(toOwner!.subject).toMatch(/^Renewal due: Due Soon Ltd, 2 contracts ending /);
    const [toCustomer] = mailbox.to("accounts@duesoon.example.co.uk");
    expect(toCustomer!.subject).toMatch(/^Your contract with .+ ends on /);
    expect(toCustomer!.text).toContain(due.reference);
    // The objector's renewal lead goes to the team's address (no owner); the email to them is closed unsent.
    await expect
      .poll(async () =>
        (await renewalEmails()).filter((email) => email.kind === "renewal.customer-email" && email.failedAt !== null).map((email) => email.lastError),
      )
      .toEqual([expect.stringContaining("suppression list")]);
    expect(mailbox.to("no.contact@saidno.example.co.uk")).toEqual([]);
  });

  it("makes none when it runs again", async () => {
    const before = await renewalLeads();
    const emailsBefore = (await renewalEmails()).length;
    await server.stop();
    servers.pop();
    server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, SUPPRESSION_KEY: TEST_SUPPRESSION_KEY }, { dataDir, tuning: JOB });
    servers.push(server);
    // The run after this start has happened once the server has logged it or made nothing: wait on the job's own record of it.
    await expect.poll(() => server.output().includes('"event":"renewal.run_finished"')).toBe(true);
    expect(await renewalLeads()).toEqual(before);
    expect((await renewalEmails()).length).toBe(emailsBefore);
  });
});

describe("the dashboard", () => {
  it("shows orders by status, contracts ending this quarter with their monthly value, and renewals won", async () => {
    const owner = await staffClient(server, "super_admin");
    const [renewal] = await renewalLeads();
    expect((await owner.put(`/admin/api/quote-requests/${renewal!.id}`, { status: "converted" })).status).toBe(200);
    const page = (await (await owner.get("/admin/dashboard")).text()).replaceAll("<!-- -->", "");
    const figures = page.slice(page.indexOf('data-testid="order-figures"'));
    const words = figures.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(words).toContain("Orders by status (4 in all)");
    expect(words).toMatch(/Live 4 On hold 0 Cancelled 0/);
    // What the seeded contracts hold ending from today to the quarter's last day (the erased customer's left out).
    const today = ukDayFromNow(0);
    const [year, month] = today.split("-").map(Number) as [number, number];
    const quarterEnd = new Date(Date.UTC(year, Math.floor((month - 1) / 3) * 3 + 3, 0)).toISOString().slice(0, 10);
    const seeded = [
      { days: 90, pence: 1400 },
      { days: 60, pence: 1500 },
      { days: 200, pence: 1600 },
      { days: 30, pence: 1400 },
      { days: 120, pence: 1400 },
    ].filter(({ days }) => ukDayFromNow(days) <= quarterEnd);
    const pounds = (seeded.reduce((total, { pence }) => total + pence, 0) / 100).toFixed(2);
    expect(words).toContain(`${seeded.length} contract${seeded.length === 1 ? "" : "s"}, monthly value ex VAT £${pounds}`);
    expect(words).toContain("Renewals won (renewal leads converted, of 2 made) 1");
  });
});

describe("the Renewals screen", () => {
  it("lists contracts ending in the next 180 days by customer and end date, with their monthly value and renewal lead", async () => {
    const viewer = await staffClient(server, "manager");
    const page = (await (await viewer.get("/admin/renewals")).text()).replaceAll("<!-- -->", "");
    const rows = [...page.matchAll(/<tr data-testid="renewal-row">(.*?)<\/tr>/gs)].map(([, row]) =>
      row!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^Said No Ltd ${objector.reference} .+ 1 £14\\.00 Unassigned Open lead$`)),
      expect.stringMatching(new RegExp(`^Due Soon Ltd ${due.reference} .+ 1 £15\\.00 Rory Renewals Open lead$`)),
      expect.stringMatching(new RegExp(`^Due Soon Ltd ${due.reference} .+ 1 £14\\.00 Rory Renewals Open lead$`)),
      expect.stringMatching(new RegExp(`^Later On Ltd ${later.reference} .+ 1 £14\\.00 Rory Renewals From 90 days before$`)),
    ]);
    expect(page).toContain("4 contracts ending, worth £57.00 a month ex VAT");
    expect(page).not.toContain("Erased Ltd");
    void gone;
  });
});
