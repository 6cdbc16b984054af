import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { CLIENT_FAILURES_MAX } from "~/features/staff/sign-in";
import { MAX_CONCURRENT_HASHES, SIGN_IN_QUEUE_MAX } from "~/platform/password.server";
import { createAdminUserRow, signInFrom, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { postFormFrom } from "../support/from-address";
import { startTestServer, testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

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

/** The answers to `requests` that have come so far, in the order they came (a request that fails fails the test where all are awaited). */
function answeredSoFar<T>(requests: Promise<T>[]): T[] {
  const answers: T[] = [];
  for (const request of requests)
    void request.then(
      (answer) => answers.push(answer),
      () => undefined,
    );
  return answers;
}

/** Where the server's password hashes are held (tests/support/hold-password-hashes.js): "release" lets them run. */
const HOLD_HOOK = fileURLToPath(new URL("../support/hold-password-hashes.js", import.meta.url));

describe("the queue of password checks", () => {
  // Every hash the server starts is held inside it while the test says so: the line fills and stays full however fast the machine hashes.
  const holds = forSuite(
    async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), "password-hash-hold-"));
      fs.writeFileSync(path.join(folder, "release"), "");
      return { folder };
    },
    async ({ folder }) => fs.rmSync(folder, { recursive: true, force: true }),
  );
  const server = forSuite(
    () => startTestServer({ ...TEST_OWNER_ENV, PASSWORD_HASH_HOLD_DIR: holds.folder }, { imports: [HOLD_HOOK] }),
    (started) => started.stop(),
  );
  const release = () => fs.writeFileSync(path.join(holds.folder, "release"), "");
  /**
   * Holds every hash from now until the test ends, when they are let go and its sign-ins (`track`ed) answered, passed or failed: a hash still held
   * as the next test holds again could miss its release.
   */
  function hold() {
    const signIns: Promise<unknown>[] = [];
    fs.rmSync(path.join(holds.folder, "release"), { force: true });
    onTestFinished(async () => {
      release();
      await Promise.allSettled(signIns);
    });
    return <T>(started: Promise<T>[]): Promise<T>[] => {
      signIns.push(...started);
      return started;
    };
  }
  const held = () => fs.readdirSync(holds.folder).filter((name) => name.startsWith("held-")).length;

  /** The two checks running and the places behind them: real sign-ins past these many at once are turned away. */
  const LINE = MAX_CONCURRENT_HASHES + SIGN_IN_QUEUE_MAX;
  // More at once than the line holds.
  const MORE_THAN_THE_QUEUE = 40;

  // Real accounts: only a check of a real password takes a place in the line.
  beforeAll(async () => {
    for (const email of staffEmails) await createAdminUserRow(server.db, { email, role: "manager", password: "a-staff-members-password" });
  });

  const staffEmails = Array.from({ length: 8 }, (_, index) => `staff-${index + 1}@example.co.uk`);
  const staffEmail = (index: number) => staffEmails[index % staffEmails.length];

  it("keeps the owner's place in the line while a crowd signs in with made-up emails, which take none", async () => {
    const heldBefore = held();
    const track = hold();
    // Real checks filling all but one place with the owner's: two running (held), the rest waiting behind them.
    const staff = track(Array.from({ length: LINE - 2 }, (_, index) => signInFrom(server, `127.0.3.${index + 1}`, staffEmail(index), "a-wrong-password")));
    await expect.poll(held).toBe(heldBefore + MAX_CONCURRENT_HASHES);
    // More made-up emails than the line has places, with the owner among them: were they to take places, some sign-in would be turned away (503).
    const crowd = track(Array.from({ length: 24 }, (_, index) => signInFrom(server, `127.0.3.${index + 31}`, randomEmail(), "a-wrong-password")));
    const [owner] = track([signInFrom(server, "127.0.3.200", TEST_OWNER.email, TEST_OWNER.password)]);
    // All answered while every password check is held: a made-up email waits for no hash.
    const answers = await Promise.all(crowd);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
    expect(answers.map((answer) => answer.alert)).toEqual(answers.map(() => WRONG));
    expect(held()).toBe(heldBefore + MAX_CONCURRENT_HASHES);

    release();
    const signedIn = await owner;
    expect(signedIn.status).toBe(302);
    expect(signedIn.session).not.toBeNull();
    expect((await Promise.all(staff)).map((answer) => answer.status)).toEqual(staff.map(() => 401));
  });

  it("answers sign-ins past a full queue with 503 and Retry-After, on the page and in JSON, and never 500", async () => {
    const heldBefore = held();
    const track = hold();
    // All at once: LINE of them take the line and stay in it (their checks held), the others are turned away at once.
    const page = track(
      Array.from({ length: MORE_THAN_THE_QUEUE }, (_, index) => signInFrom(server, `127.0.5.${index + 1}`, staffEmail(index), "a-wrong-password")),
    );
    const turnedAway = answeredSoFar(page);
    await expect.poll(() => turnedAway.length).toBe(MORE_THAN_THE_QUEUE - LINE);
    await expect.poll(held).toBe(heldBefore + MAX_CONCURRENT_HASHES);
    for (const answer of turnedAway) {
      expect(answer.status).toBe(503);
      expect(answer.alert).toBe(BUSY);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }

    // The line is full and nothing leaves it: every sign-in now is turned away alike, a made-up email and the owner's right password too.
    const json = await Promise.all(
      track(Array.from({ length: MORE_THAN_THE_QUEUE }, (_, index) => signInJsonFrom(server, `127.0.4.${index + 101}`, staffEmail(index), "a-wrong-password"))),
    );
    expect(json.map((answer) => answer.status)).toEqual(json.map(() => 503));
    for (const answer of json) {
      expect(answer.body).toEqual({ error: BUSY, email: expect.any(String) });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    for (const [address, email, password] of [
      ["127.0.5.201", randomEmail(), "a-wrong-password"],
      ["127.0.5.202", TEST_OWNER.email, TEST_OWNER.password],
    ]) {
      const busy = await signInFrom(server, address, email, password);
      expect({ status: busy.status, alert: busy.alert, session: busy.session }).toEqual({ status: 503, alert: BUSY, session: null });
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    }
    // Still two checks at a time.
    expect(held()).toBe(heldBefore + MAX_CONCURRENT_HASHES);

    release();
    const answers = await Promise.all(page);
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(LINE).fill(401), ...Array(MORE_THAN_THE_QUEUE - LINE).fill(503)]);

    // Once the queue has drained, the owner signs in as usual.
    const owner = await signInFrom(server, "127.0.3.250", TEST_OWNER.email, TEST_OWNER.password);
    expect(owner.status).toBe(302);
  });
});
