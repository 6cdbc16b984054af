import http from "node:http";
import { describe, expect, it } from "vitest";
import { clientKey } from "~/platform/client-address";
import { accountDelayMs, clientWaitSeconds } from "~/features/staff/sign-in";
import { createAdminUserRow, signInFrom, TEST_OWNER_ENV } from "../support/admin";
import { testServerForSuite } from "../support/server";

/**
 * Password guessing is slowed per (account, client) and per account, never
 * turned into a lockout of the account's owner (who signs in from somewhere
 * else). Each loopback address (127.0.0.x) is a different client.
 */

const WRONG = "That email and password don&#x27;t match an admin account.";
const WAIT_A_MINUTE = "Too many failed sign-in attempts. Please wait 1 minute and try again.";

const server = testServerForSuite(TEST_OWNER_ENV);

const throttleRow = (account: string, client: string) =>
  server.db.selectFrom("signInThrottle").selectAll().where("accountKey", "=", account).where("clientKey", "=", client).executeTakeFirst();

/** Ends a client's wait now, as time passing would. */
const endWait = (account: string, client: string) =>
  server.db
    .updateTable("signInThrottle")
    .set({ blockedUntil: new Date(Date.now() - 1000).toISOString() })
    .where("accountKey", "=", account)
    .where("clientKey", "=", client)
    .execute();

describe("the sign-in throttle", () => {
  it("lets the owner in from another client after five wrong passwords, and makes the guessing client wait longer each time", async () => {
    const user = await createAdminUserRow(server.db, { email: "guessed@clearlinebusiness.co.uk", role: "super_admin", password: "the-real-password" });
    const guesser = "127.0.0.2";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await signInFrom(server, guesser, user.email, `guess-${attempt}`);
      expect(answer.status, `guess ${attempt}`).toBe(401);
      expect(answer.alert).toBe(WRONG);
    }

    // The guessing client now waits, even with the right password ...
    const refused = await signInFrom(server, guesser, user.email, "the-real-password");
    expect(refused.status).toBe(429);
    expect(refused.alert).toBe(WAIT_A_MINUTE);
    // A minute from the fifth wrong guess, however long the requests took on this machine.
    const blocked = (await throttleRow(user.email, guesser))!;
    expect(Date.parse(blocked.blockedUntil!) - Date.parse(blocked.lastFailedAt)).toBe(60_000);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.session).toBeNull();

    // ... while the owner, elsewhere, is let straight in.
    const owner = await signInFrom(server, "127.0.0.3", user.email, "the-real-password");
    expect(owner.status).toBe(302);
    expect(owner.location).toBe("/admin/dashboard");
    expect(owner.session).not.toBeNull();

    // After the wait, one more wrong guess doubles it.
    await endWait(user.email, guesser);
    expect((await signInFrom(server, guesser, user.email, "guess-6")).status).toBe(401);
    const longer = await signInFrom(server, guesser, user.email, "guess-7");
    expect(longer.status).toBe(429);
    expect(longer.alert).toBe("Too many failed sign-in attempts. Please wait 2 minutes and try again.");
    const blockedLonger = (await throttleRow(user.email, guesser))!;
    expect(Date.parse(blockedLonger.blockedUntil!) - Date.parse(blockedLonger.lastFailedAt)).toBe(120_000);
    expect(Number(longer.retryAfter)).toBeGreaterThan(0);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(120);
    expect((await throttleRow(user.email, guesser))?.failures).toBe(6);

    // The right password, once the client may try again, clears its count.
    await endWait(user.email, guesser);
    expect((await signInFrom(server, guesser, user.email, "the-real-password")).status).toBe(302);
    expect(await throttleRow(user.email, guesser)).toBeUndefined();
  });

  it("counts wrong guesses sent all at once: of twelve in parallel, five are checked and the rest wait", async () => {
    const user = await createAdminUserRow(server.db, { email: "parallel@clearlinebusiness.co.uk", password: "the-real-password" });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => signInFrom(server, "127.0.0.4", user.email, `parallel-guess-${index}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    expect(await throttleRow(user.email, "127.0.0.4")).toMatchObject({ failures: 5 });
    // Every checked guess counts toward the account's total over all clients too.
    expect(await throttleRow(user.email, "*")).toMatchObject({ failures: 5 });
  });

  it("answers an address that is no account exactly like one that is, wrong and throttled alike", async () => {
    await createAdminUserRow(server.db, { email: "known@clearlinebusiness.co.uk", password: "the-real-password" });
    const client = "127.0.0.5";
    const answersFor = async (email: string) => {
      const answers = [];
      for (let attempt = 1; attempt <= 6; attempt++) answers.push(await signInFrom(server, client, email, `not-it-${attempt}`));
      return answers.map(({ status, alert, location, session, retryAfter }) => ({ status, alert, location, session, waits: retryAfter !== null }));
    };
    const known = await answersFor("known@clearlinebusiness.co.uk");
    const unknown = await answersFor("nobody-here@clearlinebusiness.co.uk");
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(known[5].alert).toBe(WAIT_A_MINUTE);
    // The same account whatever the case it is typed in.
    expect((await signInFrom(server, client, "KNOWN@ClearLineBusiness.co.uk", "the-real-password")).status).toBe(429);
  });

  it("only slows, never refuses, a client that has not been failing when the account fails from everywhere", async () => {
    const user = await createAdminUserRow(server.db, { email: "crowded@clearlinebusiness.co.uk", password: "the-real-password" });
    // Many clients have been guessing: the account as a whole is past its ceiling, and those clients wait.
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await server.db
      .insertInto("signInThrottle")
      .values([
        { accountKey: user.email, clientKey: "*", failures: 60, lastFailedAt: now, blockedUntil: null },
        ...Array.from({ length: 12 }, (_, index) => ({
          accountKey: user.email,
          clientKey: `198.51.100.${index}`,
          failures: 5,
          lastFailedAt: now,
          blockedUntil: later,
        })),
      ])
      .execute();
    const owner = await signInFrom(server, "127.0.0.6", user.email, "the-real-password");
    expect(owner.status).toBe(302);
    expect(owner.session).not.toBeNull();
    // A wrong password from that fresh client is just wrong, not locked.
    expect((await signInFrom(server, "127.0.0.6", user.email, "a-wrong-one")).alert).toBe(WRONG);
  });

  it("answers a sign-in body larger than 4 KB with 413 as soon as it has read that much", async () => {
    const declared = await fetch(`${server.url}/admin/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email: "owner@clearlinebusiness.co.uk", password: "x".repeat(100_000) }),
      redirect: "manual",
    });
    expect(declared.status).toBe(413);

    // A body of no declared length that never ends: the answer comes without waiting for its end.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(new URL("/admin/api/login", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", Origin: server.url },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write(`email=owner%40clearlinebusiness.co.uk&password=${"y".repeat(16 * 1024)}`);
    });
    expect(status).toBe(413);
  });
});

describe("the throttle's rules", () => {
  it("gives five free failures per client, then waits of 1, 2, 4 ... minutes up to 64", () => {
    expect([1, 4, 5, 6, 7, 11, 12, 40].map(clientWaitSeconds)).toEqual([0, 0, 60, 120, 240, 3840, 3840, 3840]);
  });

  it("slows every check of an account from 20 recent failures, to at most 8 seconds", () => {
    expect([0, 19, 20, 39, 40, 60, 1000].map(accountDelayMs)).toEqual([0, 0, 500, 500, 1000, 2000, 8000]);
  });

  it("treats an IPv4 address written as IPv6 as itself, and an IPv6 address by its /64 network", () => {
    expect(clientKey("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:0:12:abcd::1")).toBe("2001:db8:0:12::/64");
    expect(clientKey("2001:0db8:0000:0012:ffff:1:2:3")).toBe("2001:db8:0:12::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
