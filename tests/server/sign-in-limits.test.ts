import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_FAILURES_MAX } from "~/features/staff/sign-in";
import { PASSWORD_HASH_COST_LOG2 } from "~/platform/password.server";
import { createAdminUserRow, signInFrom, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { staffClient } from "../support/client";
import { postFormFrom } from "../support/from-address";
import { testServerForSuite } from "../support/server";

/**
 * What keeps staff sign-in open to staff when anonymous clients abuse it: no
 * global bucket in front of it, a bounded queue for password checks, a
 * budget of failures per client across accounts; and every sign-in audited.
 * Each loopback address (127.0.x.y) is a different client.
 */

const WRONG = "That email and password don&#x27;t match an admin account.";
const BUSY = "Sign-in is busy right now. Please try again in a few seconds.";
const randomEmail = () => `someone-${crypto.randomUUID()}@example.co.uk`;

describe("sign-in and the public forms' global bucket", () => {
  const server = testServerForSuite(TEST_OWNER_ENV, { tuning: { rateLimitMax: 2, rateLimitGlobalMax: 5, rateLimitWindowSeconds: 600 } });

  it("lets the owner sign in from a fresh address after many addresses have posted junk to the sign-in form", async () => {
    for (let index = 1; index <= 8; index++) {
      const junk = await signInFrom(server, `127.0.1.${index}`, "junk", "x");
      expect(junk.status, `junk from client ${index}`).toBe(400);
    }
    const owner = await signInFrom(server, "127.0.1.50", TEST_OWNER.email, TEST_OWNER.password);
    expect(owner.status).toBe(302);
    expect(owner.session).not.toBeNull();
  });

  it("still limits each client's posts to the sign-in form", async () => {
    expect((await signInFrom(server, "127.0.1.60", "junk", "x")).status).toBe(400);
    expect((await signInFrom(server, "127.0.1.60", "junk", "x")).status).toBe(400);
    const limited = await signInFrom(server, "127.0.1.60", TEST_OWNER.email, TEST_OWNER.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
  });
});

describe("failed sign-ins across accounts, and the audit log", () => {
  const server = testServerForSuite(TEST_OWNER_ENV, { tuning: { rateLimitMax: 1000 } });

  it("records each sign-in and each failed one, with the email tried and the client's address but never the password", async () => {
    expect((await signInFrom(server, "127.0.4.1", TEST_OWNER.email, TEST_OWNER.password)).status).toBe(302);
    expect((await signInFrom(server, "127.0.4.2", TEST_OWNER.email, "not-the-owner-password")).alert).toBe(WRONG);

    // A session handed to the test (no sign-in of its own, so the two above are the only ones).
    const owner = await staffClient(server, "super_admin");
    const dashboard = await (await owner.get("/admin/dashboard")).text();
    const activity = /data-testid="recent-activity"[\s\S]*?<\/ul>/.exec(dashboard)?.[0].replace(/<[^>]+>/g, "") ?? "";
    expect(activity).toContain("Site Administrator signed in with a password from 127.0.4.1");
    expect(activity).toContain(`Visitor failed sign-in as ${TEST_OWNER.email} with a password from 127.0.4.2: wrong email or password`);

    const rows = await server.db.selectFrom("auditLog").selectAll().where("action", "like", "sign_in%").execute();
    expect(rows.map((row) => row.action).sort()).toEqual(["sign_in.failed", "sign_in.succeeded"]);
    expect(JSON.stringify(rows)).not.toContain("not-the-owner-password");
    expect(JSON.stringify(rows)).not.toContain(TEST_OWNER.password);
  });

  it("makes a client that fails for many different emails wait, even for a new email, while another client signs in", async () => {
    const sprayer = "127.0.2.1";
    for (let attempt = 1; attempt <= CLIENT_FAILURES_MAX; attempt++) {
      const answer = await signInFrom(server, sprayer, randomEmail(), "Spring2024!!");
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.alert).toBe(WRONG);
    }
    const unknown = await signInFrom(server, sprayer, randomEmail(), "Spring2024!!");
    expect(unknown.status).toBe(429);
    expect(unknown.alert).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(unknown.retryAfter)).toBeGreaterThan(0);
    // The same answer for an address that is an account, right password or not.
    const known = await signInFrom(server, sprayer, TEST_OWNER.email, TEST_OWNER.password);
    expect({ status: known.status, alert: known.alert, session: known.session }).toEqual({ status: 429, alert: unknown.alert, session: null });

    const owner = await signInFrom(server, "127.0.2.2", TEST_OWNER.email, TEST_OWNER.password);
    expect(owner.status).toBe(302);
    expect(owner.session).not.toBeNull();
  });
});

interface JsonAnswer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** The sign-in form posted as the portal's script does (Remix's `_data` request), answered in JSON. */
async function signInJsonFrom(server: { url: string }, localAddress: string, email: string, password: string): Promise<JsonAnswer> {
  const answer = await postFormFrom(server, localAddress, "/admin/api/login?_data=routes%2Fadmin.api.login", { email, password });
  let body: unknown = answer.text;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // left as text: the assertion shows it
  }
  return { status: answer.status, retryAfter: (answer.headers["retry-after"] as string | undefined) ?? null, body };
}

describe("the queue of password checks", () => {
  // At the production cost: checks slow enough (half a second each) for a crowd to fill the line.
  const server = testServerForSuite(TEST_OWNER_ENV, { tuning: { passwordHashCostLog2: PASSWORD_HASH_COST_LOG2 } });
  // More at once than the two checks running and the twenty places behind them.
  const MORE_THAN_THE_QUEUE = 40;
  beforeAll(async () => {
    // Real accounts: only a check of a real password takes a place in the line. Their hash is the owner's, made by this server at
    // start-up at the production cost (this process hashes at the test run's low cost).
    const owner = await waitForAdminUser(server.db, TEST_OWNER.email);
    const { passwordHash } = await server.db.selectFrom("adminUsers").select("passwordHash").where("id", "=", owner.id).executeTakeFirstOrThrow();
    expect(passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** PASSWORD_HASH_COST_LOG2}\\$`));
    for (const email of staffEmails) {
      const user = await createAdminUserRow(server.db, { email, role: "manager" });
      await server.db.updateTable("adminUsers").set({ passwordHash }).where("id", "=", user.id).execute();
    }
  });

  const staffEmails = Array.from({ length: 8 }, (_, index) => `staff-${index + 1}@example.co.uk`);
  const staffEmail = (index: number) => staffEmails[index % staffEmails.length];

  it("lets the owner in at once while a crowd signs in with made-up emails, which take no place in the line", async () => {
    const crowd = Promise.all(Array.from({ length: 24 }, (_, index) => signInFrom(server, `127.0.3.${index + 1}`, randomEmail(), "a-wrong-password")));
    const owner = await signInFrom(server, "127.0.3.200", TEST_OWNER.email, TEST_OWNER.password);
    expect(owner.status).toBe(302);
    const answers = await crowd;
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
  });

  it("answers sign-ins past a full queue with 503 and Retry-After, on the page and in JSON, and never 500", async () => {
    const page = await Promise.all(
      Array.from({ length: MORE_THAN_THE_QUEUE }, (_, index) => signInFrom(server, `127.0.3.${index + 31}`, staffEmail(index), "a-wrong-password")),
    );
    expect(
      page.every((answer) => [401, 503].includes(answer.status)),
      page.map((answer) => answer.status).join(),
    ).toBe(true);
    const busyPages = page.filter((answer) => answer.status === 503);
    expect(busyPages.length).toBeGreaterThan(0);
    for (const answer of busyPages) {
      expect(answer.alert).toBe(BUSY);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }

    const json = await Promise.all(
      Array.from({ length: MORE_THAN_THE_QUEUE }, (_, index) => signInJsonFrom(server, `127.0.4.${index + 101}`, staffEmail(index), "a-wrong-password")),
    );
    expect(
      json.every((answer) => [401, 503].includes(answer.status)),
      json.map((answer) => answer.status).join(),
    ).toBe(true);
    const busyJson = json.filter((answer) => answer.status === 503);
    expect(busyJson.length).toBeGreaterThan(0);
    for (const answer of busyJson) {
      expect(answer.body).toEqual({ error: BUSY, email: expect.any(String) });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }

    // Once the queue has drained, the owner signs in as usual.
    const owner = await signInFrom(server, "127.0.3.250", TEST_OWNER.email, TEST_OWNER.password);
    expect(owner.status).toBe(302);
  });
});
