import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { TestMailbox } from "../support/mailbox";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The suppression list is checked before any email that is not the direct
 * answer to a request, at the moment it is delivered: a newsletter
 * confirmation queued while the mail server is down, whose address then
 * unsubscribes, is never sent, while another address's is.
 */

const APP_URL = "https://clearline.example.co.uk";
const SUPPRESSION_KEY = "a-test-suppression-key-of-at-least-32-characters";
/** Quick retries and more of them than the test can use up: nothing is given up while the mailbox is down. */
const RETRIES = { outboxFirstRetrySeconds: 0.2, outboxLongestRetrySeconds: 1, outboxAttempts: 1000, outboxTryTimeoutSeconds: 2 };

describe("an address suppressed after its email was queued", () => {
  let mailbox: TestMailbox;
  let server: TestServer;
  beforeAll(async () => {
    mailbox = await TestMailbox.start();
    server = await startTestServer({ SMTP_URL: mailbox.url, APP_URL, SUPPRESSION_KEY, ...TEST_OWNER_ENV }, { tuning: RETRIES });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  /** Each address's confirmation, by its row id (a closed delivery's copy is emptied). */
  const ids = new Map<string, number>();
  const confirmationOf = async (email: string) => {
    if (!ids.has(email)) {
      const rows = await server.db.selectFrom("outbox").selectAll().where("kind", "=", "newsletter.confirmation-email").execute();
      const row = rows.find((candidate) => (JSON.parse(candidate.payload) as { to?: string[] }).to?.includes(email));
      if (!row) return null;
      ids.set(email, row.id);
    }
    return server.db.selectFrom("outbox").selectAll().where("id", "=", ids.get(email)!).executeTakeFirstOrThrow();
  };

  it("is not sent, and its delivery is closed as not sent with the reason; a control address's is sent", async () => {
    await mailbox.close();
    const objector = "changed.mind@example.co.uk";
    const control = "still.keen@example.co.uk";
    for (const email of [objector, control]) {
      expect((await publicClient(server).postForm("/about", { firstName: "Nia", lastName: "Jones", email })).status).toBe(302);
    }
    // Both confirmations are queued and held: the mail server refuses connections.
    await expect.poll(async () => (await confirmationOf(objector))?.lastError ?? "").toContain("ECONNREFUSED");
    await expect.poll(async () => (await confirmationOf(control))?.lastError ?? "").toContain("ECONNREFUSED");

    // The objector unsubscribes with the link of the queued email (the one-click POST a mail program sends).
    const queued = JSON.parse((await confirmationOf(objector))!.payload) as { headers: Record<string, string> };
    const link = queued.headers["List-Unsubscribe"]!.match(/<https:\/\/clearline\.example\.co\.uk(\/unsubscribe\/[^>]+)>/)![1]!;
    const unsubscribed = await publicClient(server).post(link, "List-Unsubscribe=One-Click", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(unsubscribed.status).toBeLessThan(400);
    expect(await server.db.selectFrom("suppressions").select("id").execute()).toHaveLength(1);

    await mailbox.listen();
    await expect.poll(() => mailbox.to(control).length).toBe(1);
    // Closed, not retried: given up with a reason staff can read, and nothing is left to send.
    await expect.poll(async () => (await confirmationOf(objector))?.failedAt ?? null).not.toBeNull();
    const closed = (await confirmationOf(objector))!;
    // Its copy of the person's details is emptied at once: it will never be sent.
    expect(closed).toMatchObject({ deliveredAt: null, nextAttemptAt: null, payload: "" });
    expect(closed.lastError).toBe("Not sent: the recipient was put on the suppression list after it was queued");
    expect(mailbox.to(objector)).toEqual([]);
    // Staff read why on the dashboard's deliveries.
    const dashboard = await (await (await staffClient(server, "super_admin")).get("/admin/dashboard")).text();
    expect(dashboard).toContain("Not sent: the recipient was put on the suppression list after it was queued");
    // Counted apart from failures: the list did what it is for.
    expect(dashboard).toMatch(/data-testid="delivery-not-sent-count">1 delivery</);
    expect(dashboard).toMatch(/data-testid="webhook-failed-count">0 deliveries</);
  });
});
