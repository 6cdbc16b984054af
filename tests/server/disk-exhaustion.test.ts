import { afterAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { metricsPort, metricsText } from "../support/metrics";
import { startTestServer, type TestServer, testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * What keeps an anonymous client from filling the data volume: free text is
 * bounded in bytes as well as characters, delivered outbox rows lose their
 * copies of a lead after 30 days, and public writes stop with a 503
 * while free space is under the floor.
 */

const postJson = (server: TestServer, body: unknown) => publicClient(server).postJson("/api/quote-requests", body);

const stored = async (server: TestServer) => ({
  leads: (await server.db.selectFrom("leads").select("id").execute()).length,
  enquiries: (await server.db.selectFrom("contactEnquiries").select("id").execute()).length,
  signups: (await server.db.selectFrom("newsletterSignups").select("id").execute()).length,
});

/** "€" is one character and three bytes in UTF-8. */
const EURO = "€";

describe("free text is bounded in bytes as well as characters", () => {
  const server = testServerForSuite();

  it("refuses 2,000 three-byte characters of requirements in JSON, with the field's message, and stores nothing", async () => {
    const response = await postJson(server, { ...SAMPLE_QUOTE, requirements: EURO.repeat(2000) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      requirements: "Please shorten your requirements: at most 2000 characters, fewer with accented letters, symbols or emoji",
    });
    expect((await postJson(server, { ...SAMPLE_QUOTE, requirements: "x".repeat(2001) })).status).toBe(400);
    expect(await stored(server)).toMatchObject({ leads: 0 });
  });

  it("accepts free text up to 2,000 characters and 4,000 bytes", async () => {
    expect((await postJson(server, { ...SAMPLE_QUOTE, requirements: "x".repeat(2000) })).status).toBe(201);
    expect((await postJson(server, { ...SAMPLE_QUOTE, requirements: EURO.repeat(1333) })).status).toBe(201);
  });

  it("shows the message on the contact page when a message is too many bytes", async () => {
    const response = await publicClient(server).postForm("/contact", { ...SAMPLE_ENQUIRY, message: EURO.repeat(2000) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please shorten your message: at most 2000 characters, fewer with accented letters, symbols or emoji");
    expect(await stored(server)).toMatchObject({ enquiries: 0 });
  });
});

describe("delivered and given-up outbox rows lose their copy of the lead and their recipient after 30 days", () => {
  let first: TestServer;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("purges old sent and failed deliveries' payloads and recipients at start-up, and keeps recent and waiting ones", async () => {
    first = await startTestServer();
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const visitor = "visitor@example.co.uk";
    const row = (name: string, fields: { deliveredAt?: string; failedAt?: string; nextAttemptAt?: string | null }) => ({
      kind: "lead.confirmation-email",
      leadId: null,
      payload: JSON.stringify({ to: [visitor], text: "a copy of the visitor's answers", name }),
      recipientEmail: visitor,
      attempts: 1,
      nextAttemptAt: fields.nextAttemptAt ?? null,
      lastAttemptAt: daysAgo(40),
      lastError: fields.failedAt ? "answered 500" : null,
      deliveredAt: fields.deliveredAt ?? null,
      failedAt: fields.failedAt ?? null,
      createdAt: daysAgo(40),
    });
    await first.db
      .insertInto("outbox")
      .values([
        row("old-sent", { deliveredAt: daysAgo(31) }),
        row("old-failed", { failedAt: daysAgo(31) }),
        row("recent-sent", { deliveredAt: daysAgo(29) }),
        // Still waiting to be sent (no SMTP_URL): never purged, however old.
        row("old-waiting", { nextAttemptAt: daysAgo(40) }),
      ])
      .execute();
    expect((await first.kill("SIGTERM")).code).toBe(0);

    second = await startTestServer({}, { dataDir: first.dataDir });
    const payloads = async () =>
      Object.fromEntries(
        (await second!.db.selectFrom("outbox").select(["payload", "recipientEmail"]).orderBy("id").execute()).map((entry, index) => [
          ["old-sent", "old-failed", "recent-sent", "old-waiting"][index],
          [entry.payload.includes("visitor's answers"), entry.recipientEmail],
        ]),
      );
    await expect.poll(payloads).toEqual({
      "old-sent": [false, null],
      "old-failed": [false, null],
      "recent-sent": [true, visitor],
      "old-waiting": [true, visitor],
    });
    // What the dashboard shows of a failure stays.
    const failed = await second.db.selectFrom("outbox").select(["lastError", "failedAt"]).where("failedAt", "is not", null).executeTakeFirstOrThrow();
    expect(failed.lastError).toBe("answered 500");
  });
});

describe("public writes stop while the data volume is nearly full", () => {
  // A floor far above any real disk's free space: every public write must be refused.
  let metrics = 0;
  const server = forSuite(
    async () => {
      const { port, env } = await metricsPort();
      metrics = port;
      return startTestServer({ ...env, ...TEST_OWNER_ENV }, { tuning: { diskFreeFloorMb: 1024 * 1024 * 1024 } });
    },
    (started) => started.stop(),
  );

  const PAUSED = "We can't take new submissions at the moment. Please try again later or contact us directly.";

  it("answers POST /api/quote-requests with 503 and a clear message", async () => {
    const response = await postJson(server, SAMPLE_QUOTE);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: PAUSED });
  });

  it.each([
    ["the quote wizard", "/?index", { intent: "quote-submit", ...SAMPLE_QUOTE }],
    ["the contact form", "/contact", SAMPLE_ENQUIRY],
    ["the newsletter form", "/about", { email: "reader@example.co.uk" }],
  ])("answers %s with 503 and the message on the page", async (_name, path, fields) => {
    const response = await publicClient(server).postForm(path, fields);
    expect(response.status).toBe(503);
    expect((await response.text()).replaceAll("&#x27;", "'").replaceAll("&#39;", "'")).toContain(PAUSED);
  });

  it("stores nothing", async () => {
    expect(await stored(server)).toEqual({ leads: 0, enquiries: 0, signups: 0 });
  });

  it("warns staff on the dashboard and reports the free space as a metric", async () => {
    const owner = await staffClient(server, "super_admin");
    const page = (await (await owner.get("/admin/dashboard")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain('data-testid="disk-space-warning"');
    expect(page).toContain("The data volume is nearly full");
    expect(page).toContain("Public quote requests, contact enquiries and newsletter sign-ups are refused");

    expect(await metricsText(metrics)).toMatch(/^data_disk_free_bytes \d+/m);
  });
});
