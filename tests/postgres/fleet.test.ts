import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { SAMPLE_QUOTE } from "../support/forms";
import { databaseMigratedTo } from "../support/database";
import { TestHook } from "../support/hook";
import { seedLiveOrder, type SeededOrder } from "../support/live-orders";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";

/** Servers started at the same moment: when one fails to start, those that did are stopped before its failure is thrown, so none outlives the run. */
async function startTogether(...starts: Array<Promise<TestServer>>): Promise<TestServer[]> {
  const settled = await Promise.allSettled(starts);
  const started = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (!failed) return started;
  await Promise.all(started.map((server) => server.stop()));
  throw failed.reason;
}
import { removeTestData, startTestServer, testDatabaseKind, type TestServer } from "../support/server";

// Two app processes behind one address, on one Postgres database (`npm run test:postgres` only:
// with SQLite the product is one machine). Whatever one machine learns, the other knows at once.

let hook: TestHook;
let dataDir: string;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  expect(testDatabaseKind).toBe("postgres");
  hook = await TestHook.start();
  // Behind Fly's proxy, as a fleet is: each client is named by Fly-Client-IP.
  const FLEET_ENV = {
    ...TEST_OWNER_ENV,
    TRUST_PROXY: "true",
    LEAD_WEBHOOK_URL: hook.url,
  };
  const tuning = { rateLimitMax: 3, rateLimitWindowSeconds: 600, outboxFirstRetrySeconds: 0.2 };
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-fleet-"));
  // Both start on an empty database at the same moment: both migrate, or wait for the other.
  [first, second] = await startTogether(startTestServer(FLEET_ENV, { dataDir, tuning }), startTestServer(FLEET_ENV, { dataDir, tuning }));
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  if (dataDir) await removeTestData(dataDir);
  await hook?.stop();
});

describe("two machines on one Postgres", () => {
  it("migrate at the same time without colliding: each migration applied once, both serving", async () => {
    const applied = await first.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    const names = applied.map((row) => (row as { name: string }).name);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    // Every migration was applied by exactly one of the two, and neither failed.
    const appliedBy = (server: TestServer) => server.output().match(/Migration \S+ applied/g) ?? [];
    expect([...appliedBy(first), ...appliedBy(second)].sort()).toEqual(names.map((name) => `Migration ${name} applied`).sort());
    for (const server of [first, second]) {
      expect(server.output()).not.toMatch(/migration failed|Migrating the database failed/i);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Images on one machine's disk would be missing on the other: the server says so.
      expect(server.output()).toContain("DATABASE_URL is set but BUCKET_NAME is not");
    }
  });

  it("share sessions: signed in on one, signed in on the other; signed out on one, out on both", async () => {
    const session = await signIn(first, TEST_OWNER.email, TEST_OWNER.password);
    const onSecond = await fetch(`${second.url}/admin/api/auth/user`, { headers: { Cookie: session } });
    expect(onSecond.status).toBe(200);
    expect(((await onSecond.json()) as { email: string }).email).toBe(TEST_OWNER.email);

    const signOut = await fetch(`${second.url}/admin/api/logout`, { method: "POST", headers: { Cookie: session, Origin: second.url }, redirect: "manual" });
    expect(signOut.status).toBe(302);
    expect((await fetch(`${first.url}/admin/api/auth/user`, { headers: { Cookie: session } })).status).toBe(401);
  });

  it("share the rate limit: a client's allowance does not grow with the number of machines", async () => {
    const signUp = (server: TestServer, n: number) =>
      fetch(`${server.url}/about`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "203.0.113.9" },
        body: new URLSearchParams({ email: `fleet-${n}@example.co.uk` }),
      });
    // The rate limit is 3 per client, whichever machine answers.
    expect((await signUp(first, 1)).status).toBe(302);
    expect((await signUp(second, 2)).status).toBe(302);
    expect((await signUp(first, 3)).status).toBe(302);
    expect((await signUp(second, 4)).status).toBe(429);
    expect((await signUp(first, 5)).status).toBe(429);
    const stored = await first.db.selectFrom("newsletterSignups").select("email").execute();
    expect(stored.map((row) => row.email).sort()).toEqual(["fleet-1@example.co.uk", "fleet-2@example.co.uk", "fleet-3@example.co.uk"]);
  });

  it("show a testimonial added through one on the other's public page at once, though that page was cached", async () => {
    const company = "Fleet Test Plumbing Ltd";
    // The second machine renders and keeps the home page first.
    const before = await fetch(`${second.url}/`);
    expect(await before.text()).not.toContain(company);
    // The page is kept once compressed, just after it is sent.
    await expect.poll(async () => (await fetch(`${second.url}/`)).headers.get("x-page-cache")).toBe("hit");

    const session = await signIn(first, TEST_OWNER.email, TEST_OWNER.password);
    const added = await fetch(`${first.url}/admin/api/testimonials`, {
      method: "POST",
      headers: { Cookie: session, Origin: first.url, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Ffion Jones",
        company,
        position: "Owner",
        date: "June 3, 2025",
        content: "Both offices moved to the new phone system over one weekend, and nobody noticed but us.",
        rating: 5,
        featured: true,
      }),
    });
    expect(added.status).toBe(201);
    const after = await fetch(`${second.url}/`);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain(company);
  });

  it("share the outbox: each lead's webhook is delivered once, though both machines retry what is due", async () => {
    // Each lead's hook fails twice first, so the retries are due on both machines' timers at once.
    const emails = Array.from({ length: 10 }, (_, n) => `outbox-${n}@example.co.uk`);
    for (const email of emails) hook.behave(email, { failTimes: 2 });
    const answers = await Promise.all(
      emails.map((email, n) =>
        fetch(`${(n % 2 ? first : second).url}/api/quote-requests`, {
          method: "POST",
          // From ten clients, so the rate limit (three per client) lets every lead in.
          headers: { "Content-Type": "application/json", "Fly-Client-IP": `198.51.100.${n + 1}` },
          body: JSON.stringify({ ...SAMPLE_QUOTE, email }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 201));
    for (const email of emails) await expect.poll(() => hook.acceptedOf(email).length, { message: email }).toBe(1);
    // Nothing more arrives after each lead has been delivered: no machine sends it a second time.
    await expect.poll(async () => (await first.db.selectFrom("outbox").select("id").where("deliveredAt", "is", null).execute()).length).toBe(0);
    for (const email of emails) {
      expect(hook.acceptedOf(email), email).toHaveLength(1);
      expect(hook.deliveriesOf(email), email).toHaveLength(3);
    }
  });

  it("count a customer's views of their quote on both: each view at once, none lost, one first view", async () => {
    const lead = await seedQuoteLead(first.db, { businessName: "Fleet Plumbing" });
    const id = await seedQuote(first.db, { leadId: lead.id, status: "sent" });
    const { token } = await first.db.selectFrom("quotes").select("token").where("id", "=", id).executeTakeFirstOrThrow();
    // Ten views on each machine at once, the quote never viewed before; then ten more on each.
    const views = () => Promise.all(Array.from({ length: 20 }, async (_, n) => (await fetch(`${(n % 2 ? first : second).url}/quote/${token}`)).status));
    expect(await views()).toEqual(Array(20).fill(200));
    expect(await second.db.selectFrom("quotes").select(["status", "viewCount"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "viewed",
      viewCount: 20,
    });
    expect(await views()).toEqual(Array(20).fill(200));
    expect((await first.db.selectFrom("quotes").select("viewCount").where("id", "=", id).executeTakeFirstOrThrow()).viewCount).toBe(40);
    const firstViews = await first.db.selectFrom("leadActivity").select("body").where("leadId", "=", lead.id).where("body", "like", "%viewed%").execute();
    expect(firstViews).toHaveLength(1);
  });
});

describe("two machines running the daily renewals job at the same moment", () => {
  let renewalDir: string;
  const machines: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(machines.map((machine) => machine.stop()));
    if (renewalDir) await removeTestData(renewalDir);
  });

  it("make one renewal lead for a contract ending in 90 days, with one timeline entry", async () => {
    renewalDir = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-fleet-renewals-"));
    const before = await databaseMigratedTo(renewalDir, "0026_orders");
    let order: SeededOrder;
    try {
      order = await seedLiveOrder(before, { businessName: "Fleet Renewals Ltd", email: "office@fleetrenewals.example.co.uk", ownerId: null, ends: [90] });
    } finally {
      await before.destroy();
    }
    const tuning = { renewalRunHours: 24, renewalStartDelaySeconds: 0 };
    machines.push(
      ...(await startTogether(
        startTestServer(TEST_OWNER_ENV, { dataDir: renewalDir, tuning }),
        startTestServer(TEST_OWNER_ENV, { dataDir: renewalDir, tuning }),
      )),
    );
    // Both machines' runs are over once each has said so, or skipped it while the other held the job.
    await expect
      .poll(() => machines.every((machine) => /"event":"renewal\.run_finished"/.test(machine.output()) || /"event":"renewal\.skipped"/.test(machine.output())))
      .toBe(true);
    const leads = await machines[0]!.db.selectFrom("leads").select("id").where("renewalOfOrderId", "=", order.orderId).execute();
    expect(leads).toHaveLength(1);
    const timeline = await machines[1]!.db.selectFrom("leadActivity").select("body").where("leadId", "=", leads[0]!.id).execute();
    expect(timeline).toHaveLength(1);
  });
});
