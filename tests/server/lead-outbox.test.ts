import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLead } from "~/features/leads/leads";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient, type StaffClient } from "../support/client";
import { TestHook } from "../support/hook";
import { SPEC_LEAD_FIELDS, submitQuoteRequest } from "../support/leads";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The lead webhook goes through the outbox: a row written with the lead, sent
 * after it, retried with backoff across restarts. Real server, real SQLite
 * file, a real receiving hook. Waits are on states, never on times.
 */

const quote = {
  teamSize: "3 - 4",
  contractExpiry: "Out of contract",
  businessType: "Partnership",
  businessName: "Hook & Daughters",
  postcode: "M1 1AE",
  firstName: "Priya",
  lastName: "Hook",
  phoneNumber: "0161 496 0000",
  jobTitle: "Partner",
};

/** Quick retries so a test sees several tries: 0.2 s doubling to 1 s, 8 tries, 2 s for an answer. */
const QUICK_RETRIES = { outboxFirstRetrySeconds: 0.2, outboxLongestRetrySeconds: 1, outboxAttempts: 8, outboxTryTimeoutSeconds: 2 };

const postLead = (server: TestServer, email: string) => submitQuoteRequest(server, { ...quote, email });

const leadRow = (server: TestServer, id: number) => server.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const outboxRow = (server: TestServer, leadId: number) => server.db.selectFrom("outbox").selectAll().where("leadId", "=", leadId).executeTakeFirstOrThrow();
const deliveredAt = async (server: TestServer, id: number) => (await leadRow(server, id)).webhookDeliveredAt;

describe("lead webhook through the outbox", () => {
  let server: TestServer;
  let hook: TestHook;
  let owner: StaffClient;

  beforeAll(async () => {
    hook = await TestHook.start();
    server = await startTestServer({ LEAD_WEBHOOK_URL: hook.url, ...TEST_OWNER_ENV }, { tuning: QUICK_RETRIES });
    owner = await staffClient(server, "super_admin");
  });
  afterAll(async () => {
    await server?.stop();
    await hook?.stop();
  });

  const dashboard = async () => {
    const response = await owner.get("/admin/dashboard");
    expect(response.status).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "");
  };

  it("delivers a new lead once, in the spec's Lead shape, and the lead records when", async () => {
    const email = "delivered-once@example.co.uk";
    const { id, reference } = await postLead(server, email);

    await expect.poll(() => deliveredAt(server, id)).not.toBeNull();
    const [delivery, ...more] = hook.deliveriesOf(email);
    expect(more).toEqual([]);
    expect(delivery.answer).toBe(204);
    expect(delivery.body.event).toBe("lead.created");
    expect(delivery.body.lead).toEqual(toLead(await leadRow(server, id)));
    expect(Object.keys(delivery.body.lead)).toEqual(expect.arrayContaining([...SPEC_LEAD_FIELDS]));
    expect(delivery.body.lead).toMatchObject({ id, reference, status: "new" });
    expect(delivery.body.lead).not.toHaveProperty("submissionToken");

    const row = await outboxRow(server, id);
    expect(delivery.headers["idempotency-key"]).toBe(`outbox-${row.id}`);
    // Delivered and done: nothing left to try, so it is never sent again.
    expect(row).toMatchObject({ kind: "lead.webhook", attempts: 1, nextAttemptAt: null, failedAt: null, lastError: null });
    expect(row.deliveredAt).toBe(await deliveredAt(server, id));

    // With nothing failed, the dashboard says nothing about the webhook.
    expect(await dashboard()).not.toContain('data-testid="webhook-problems"');
  });

  it("delivers each of many leads sent at the same time once, with its own details", async () => {
    const emails = Array.from({ length: 20 }, (_, index) => `together-${index}@example.co.uk`);
    const leads = await Promise.all(emails.map((email) => postLead(server, email)));

    for (const [index, { id, reference }] of leads.entries()) {
      await expect.poll(() => deliveredAt(server, id)).not.toBeNull();
      const [delivery, ...more] = hook.deliveriesOf(emails[index]!);
      expect(more).toEqual([]);
      expect(delivery.body.lead).toMatchObject({ id, reference, email: emails[index] });
      expect(await outboxRow(server, id)).toMatchObject({ kind: "lead.webhook", attempts: 1, failedAt: null });
    }
  });

  it("tries a failing hook again until the lead is delivered", async () => {
    const email = "fails-twice@example.co.uk";
    hook.behave(email, { failTimes: 2 });
    const { id } = await postLead(server, email);

    await expect.poll(() => deliveredAt(server, id)).not.toBeNull();
    expect(hook.deliveriesOf(email).map((delivery) => delivery.answer)).toEqual([500, 500, 204]);
    const row = await outboxRow(server, id);
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, failedAt: null, lastError: "answered 500: Internal Server Error" });
  });

  it("never holds up or loses a lead while the hook hangs, and sends it once the hook answers", async () => {
    const first = "hangs-first@example.co.uk";
    const second = "hangs-second@example.co.uk";
    hook.behave(first, { hold: true });
    hook.behave(second, { hold: true });
    const firstLead = await postLead(server, first);
    await expect.poll(() => hook.deliveriesOf(first).length).toBeGreaterThan(0);

    // The hook is holding a delivery unanswered; a visitor's quote is still answered and stored.
    const secondLead = await postLead(server, second);
    expect((await leadRow(server, secondLead.id)).email).toBe(second);
    expect(await deliveredAt(server, firstLead.id)).toBeNull();

    hook.behave(first, {});
    hook.behave(second, {});
    hook.dropHeld();
    await expect.poll(() => deliveredAt(server, firstLead.id)).not.toBeNull();
    await expect.poll(() => deliveredAt(server, secondLead.id)).not.toBeNull();
    expect(hook.acceptedOf(first)).toHaveLength(1);
    expect(hook.acceptedOf(second)).toHaveLength(1);
  });

  it("never loses a lead while the hook is down, and delivers it when the hook is back", async () => {
    const email = "hook-down@example.co.uk";
    await hook.close();
    const { id } = await postLead(server, email);
    expect((await leadRow(server, id)).email).toBe(email);
    await expect.poll(async () => (await outboxRow(server, id)).lastError).toMatch(/ECONNREFUSED/);

    await hook.listen();
    await expect.poll(() => deliveredAt(server, id)).not.toBeNull();
    expect(hook.acceptedOf(email)).toHaveLength(1);
  });

  it("gives up after the last try, keeping the error, and the staff dashboard shows the failure", async () => {
    const email = "crm-broken@example.co.uk";
    hook.behave(email, { always: { status: 503, text: "CRM is down for maintenance" } });
    const { id, reference } = await postLead(server, email);

    await expect.poll(async () => (await outboxRow(server, id)).failedAt).not.toBeNull();
    const row = await outboxRow(server, id);
    expect(row).toMatchObject({ attempts: 8, nextAttemptAt: null, deliveredAt: null, lastError: "answered 503: CRM is down for maintenance" });
    expect(hook.deliveriesOf(email)).toHaveLength(8);
    expect(await deliveredAt(server, id)).toBeNull();

    const page = await dashboard();
    expect(page).toContain('data-testid="webhook-problems"');
    expect(page).toContain("Webhook and email deliveries need attention");
    expect(page).toMatch(/data-testid="webhook-failed-count">1 delivery</);
    expect(page).toMatch(/data-testid="webhook-waiting-count">0 deliveries</);
    expect(page).toContain("answered 503: CRM is down for maintenance");
    expect(page).toContain(`href="/admin/leads/${id}">${reference}</a>`);
  });
});

describe("deliveries across a crash", () => {
  let hook: TestHook;
  let first: TestServer;
  let second: TestServer | undefined;

  beforeAll(async () => {
    hook = await TestHook.start();
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await hook?.stop();
  });

  it("sends after a restart what was not delivered when the server was killed (SIGKILL)", async () => {
    const env = { LEAD_WEBHOOK_URL: hook.url };
    const tuning = { ...QUICK_RETRIES, outboxAttempts: 1000, outboxTryTimeoutSeconds: 1 };
    first = await startTestServer(env, { tuning });
    // One lead the hook keeps refusing, and one whose delivery is under way (held) at the kill.
    const refused = "refused-until-restart@example.co.uk";
    const inFlight = "in-flight-at-kill@example.co.uk";
    hook.behave(refused, { always: { status: 503, text: "busy" } });
    hook.behave(inFlight, { hold: true });
    const refusedLead = await postLead(first, refused);
    const inFlightLead = await postLead(first, inFlight);
    await expect.poll(async () => (await outboxRow(first, refusedLead.id)).lastError).toBe("answered 503: busy");
    await expect.poll(() => hook.deliveriesOf(inFlight).length).toBeGreaterThan(0);

    expect(await first.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    expect(await deliveredAt(first, refusedLead.id)).toBeNull();
    expect(await deliveredAt(first, inFlightLead.id)).toBeNull();

    hook.behave(refused, {});
    hook.behave(inFlight, {});
    hook.dropHeld();
    second = await startTestServer(env, { dataDir: first.dataDir, tuning });
    await expect.poll(() => deliveredAt(second!, refusedLead.id)).not.toBeNull();
    await expect.poll(() => deliveredAt(second!, inFlightLead.id)).not.toBeNull();
    expect(hook.acceptedOf(refused)).toHaveLength(1);
    expect(hook.acceptedOf(inFlight)).toHaveLength(1);
  });
});
