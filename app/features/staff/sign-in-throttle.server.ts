import { sql } from "kysely";
import {
  accountDelayMs,
  ACCOUNT_WINDOW_MINUTES,
  CLIENT_ACROSS_ACCOUNTS_WINDOW_MINUTES,
  CLIENT_FAILURES_MAX,
  CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS,
  CLIENT_WAITS_SECONDS,
  CLIENT_WAIT_MAX_DOUBLINGS,
  EVERY_ACCOUNT,
  EVERY_CLIENT,
  FREE_FAILURES_PER_CLIENT,
} from "./sign-in";
import { getDb } from "~/platform/db.server";

/**
 * Password guessing is slowed per (account, client) and per account, in the database so it holds across restarts (and machines):
 *
 * - Each password check from a client is counted as a failure BEFORE the password is checked, in one statement that refuses it instead when that client is
 *   waiting. Parallel guesses therefore cannot slip past the count: after FREE_FAILURES_PER_CLIENT of them the client waits, and every further failure doubles
 *   the wait. A right password clears the count.
 * - Another client, which has not been failing, is never refused: when the account as a whole is failing a lot, every check of it is only delayed.
 * - A client that fails for many accounts (one password tried on many emails) waits too: its checks across every account are counted the same way, before the
 *   password is checked, and past CLIENT_FAILURES_MAX within CLIENT_ACROSS_ACCOUNTS_WINDOW_MINUTES it is refused whatever the email, until that long has passed
 *   since its last counted check.
 *
 * The account is the email as typed, so an address that does not exist is throttled exactly like one that does.
 */

export type SignInClaim = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const secondsAfter = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/** Counts one check by `client` against its budget across every account, in one statement that counts nothing and returns no row once the budget is spent. */
async function claimAcrossAccounts(client: string, now: Date): Promise<SignInClaim> {
  const db = await getDb();
  const nowIso = now.toISOString();
  const windowStart = minutesBefore(now, CLIENT_ACROSS_ACCOUNTS_WINDOW_MINUTES);
  const claimed = await sql<{ failures: number }>`
    INSERT INTO "signInThrottle" ("accountKey", "clientKey", failures, "lastFailedAt", "blockedUntil")
    VALUES (${EVERY_ACCOUNT}, ${client}, 1, ${nowIso}, NULL)
    ON CONFLICT ("accountKey", "clientKey") DO UPDATE SET
      failures = CASE WHEN "signInThrottle"."lastFailedAt" < ${windowStart} THEN 1 ELSE "signInThrottle".failures + 1 END,
      "lastFailedAt" = ${nowIso}
    WHERE "signInThrottle"."lastFailedAt" < ${windowStart} OR "signInThrottle".failures < ${CLIENT_FAILURES_MAX}
    RETURNING failures`.execute(db);
  if (claimed.rows.length > 0) return { allowed: true, delayMs: 0 };
  const row = await db
    .selectFrom("signInThrottle")
    .select("lastFailedAt")
    .where("accountKey", "=", EVERY_ACCOUNT)
    .where("clientKey", "=", client)
    .executeTakeFirst();
  const waitMs = row ? Date.parse(row.lastFailedAt) + CLIENT_ACROSS_ACCOUNTS_WINDOW_MINUTES * 60_000 - now.getTime() : 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** A check counted across accounts turned out not to be a failure (the right password, or refused for the account): it is taken back. */
async function uncountAcrossAccounts(client: string): Promise<void> {
  const db = await getDb();
  await sql`
    UPDATE "signInThrottle" SET failures = failures - 1
    WHERE "accountKey" = ${EVERY_ACCOUNT} AND "clientKey" = ${client} AND failures > 0`.execute(db);
}

/** Claims one password check for `account` from `client`: counted now, or refused while the client waits. */
export async function claimSignInAttempt(account: string, client: string, now = new Date()): Promise<SignInClaim> {
  const acrossAccounts = await claimAcrossAccounts(client, now);
  if (!acrossAccounts.allowed) return acrossAccounts;
  const claim = await claimForAccount(account, client, now);
  if (!claim.allowed) await uncountAcrossAccounts(client);
  return claim;
}

async function claimForAccount(account: string, client: string, now: Date): Promise<SignInClaim> {
  const db = await getDb();
  const nowIso = now.toISOString();
  const forgetBefore = minutesBefore(now, CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS * 60);
  // The count this check makes: 1 after a long quiet, else one more.
  const next = sql<number>`(CASE WHEN "signInThrottle"."lastFailedAt" < ${forgetBefore} THEN 1 ELSE "signInThrottle".failures + 1 END)`;
  // The wait that count earns, from the short list of possible waits (no date arithmetic in SQL).
  const waits = CLIENT_WAITS_SECONDS.map((seconds, doublings) =>
    doublings < CLIENT_WAIT_MAX_DOUBLINGS
      ? sql`WHEN ${next} = ${FREE_FAILURES_PER_CLIENT + doublings} THEN ${secondsAfter(now, seconds)}`
      : sql`ELSE ${secondsAfter(now, seconds)}`,
  );
  const blockedUntil = sql`(CASE WHEN ${next} < ${FREE_FAILURES_PER_CLIENT} THEN NULL ${sql.join(waits, sql` `)} END)`;
  const firstBlock = FREE_FAILURES_PER_CLIENT <= 1 ? secondsAfter(now, CLIENT_WAITS_SECONDS[0]) : null;

  const claimed = await sql<{ failures: number }>`
    INSERT INTO "signInThrottle" ("accountKey", "clientKey", failures, "lastFailedAt", "blockedUntil")
    VALUES (${account}, ${client}, 1, ${nowIso}, ${firstBlock})
    ON CONFLICT ("accountKey", "clientKey") DO UPDATE SET
      failures = ${next},
      "blockedUntil" = ${blockedUntil},
      "lastFailedAt" = ${nowIso}
    WHERE "signInThrottle"."blockedUntil" IS NULL OR "signInThrottle"."blockedUntil" <= ${nowIso}
    RETURNING failures`.execute(db);

  if (claimed.rows.length === 0) {
    const row = await db
      .selectFrom("signInThrottle")
      .select("blockedUntil")
      .where("accountKey", "=", account)
      .where("clientKey", "=", client)
      .executeTakeFirst();
    const waitMs = row?.blockedUntil ? Date.parse(row.blockedUntil) - now.getTime() : 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  const accountRow = await db
    .selectFrom("signInThrottle")
    .select(["failures", "lastFailedAt"])
    .where("accountKey", "=", account)
    .where("clientKey", "=", EVERY_CLIENT)
    .executeTakeFirst();
  const recent = accountRow && accountRow.lastFailedAt >= minutesBefore(now, ACCOUNT_WINDOW_MINUTES) ? accountRow.failures : 0;
  return { allowed: true, delayMs: accountDelayMs(recent) };
}

/** A wrong password: the account's count over every client goes up (the client's was counted by the claim). */
export async function recordAccountFailure(account: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const nowIso = now.toISOString();
  const windowStart = minutesBefore(now, ACCOUNT_WINDOW_MINUTES);
  await sql`
    INSERT INTO "signInThrottle" ("accountKey", "clientKey", failures, "lastFailedAt", "blockedUntil")
    VALUES (${account}, ${EVERY_CLIENT}, 1, ${nowIso}, NULL)
    ON CONFLICT ("accountKey", "clientKey") DO UPDATE SET
      failures = CASE WHEN "signInThrottle"."lastFailedAt" < ${windowStart} THEN 1 ELSE "signInThrottle".failures + 1 END,
      "lastFailedAt" = ${nowIso}`.execute(db);
  // Rows nobody has failed on for a day are of no use any more.
  await db
    .deleteFrom("signInThrottle")
    .where("lastFailedAt", "<", minutesBefore(now, CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS * 60))
    .execute();
}

/** The right password from this client: its failures for the account are forgotten. */
export async function clearClientFailures(account: string, client: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("signInThrottle").where("accountKey", "=", account).where("clientKey", "=", client).execute();
  await uncountAcrossAccounts(client);
}

/** A super admin gave the account a new password: every client may try it at once. */
export async function clearAccountFailures(account: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("signInThrottle").where("accountKey", "=", account).where("clientKey", "!=", EVERY_CLIENT).execute();
}
