import { sql } from "kysely";
import { clientKey } from "~/lib/client-address";
import { databaseKind, getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { requestContext } from "~/infrastructure/request-context.server";
import { logger } from "~/infrastructure/logger.server";

/**
 * Limits on public writes, per form (quote, contact, newsletter ...), in two
 * buckets counted apart:
 *
 * - per client (`consumeClientRateLimit`): at most RATE_LIMIT_MAX posts per
 *   client address per RATE_LIMIT_WINDOW_SECONDS, junk included, counted first;
 * - from everyone together (`consumeGlobalRateLimit`): at most
 *   RATE_LIMIT_GLOBAL_MAX writes that are about to be stored, so a client
 *   rotating through addresses cannot fill the disk. Only posts that passed
 *   every check (honeypot, schema) count here: were junk counted, a few dozen
 *   addresses posting `{}` would refuse every genuine visitor while storing nothing.
 *
 * Where the windows are kept follows the database: with SQLite the product is
 * one process, so in its memory (no write per request); with Postgres a fleet
 * shares them in the database (migration 0016), so a client's allowance does
 * not grow with the number of machines.
 */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

interface Window {
  count: number;
  resetsAt: number;
}

const windowMs = () => env.RATE_LIMIT_WINDOW_SECONDS * 1000;

function verdict(window: Window, max: number, now: number): RateLimitResult {
  return { allowed: window.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) };
}

const windows = new Map<string, Window>();

function sweep(now = Date.now()) {
  for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
}

// Old windows go on a timer, whatever the traffic; the timer never keeps the process alive.
const globalForSweep = globalThis as unknown as { __rateLimitSweep?: NodeJS.Timeout };
globalForSweep.__rateLimitSweep ??= setInterval(() => {
  sweep();
  if (databaseKind === "postgres") void sweepSharedWindows();
}, windowMs()).unref();

/** Counts one write in `key`'s current window in this process's memory. */
function countInMemory(key: string, max: number, now: number): RateLimitResult {
  let window = windows.get(key);
  if (!window || window.resetsAt <= now) {
    window = { count: 0, resetsAt: now + windowMs() };
    windows.set(key, window);
  }
  window.count += 1;
  return verdict(window, max, now);
}

/** Counts one write in `key`'s current window in the shared table: one upsert, atomic across machines. */
async function countShared(key: string, max: number, now: number): Promise<RateLimitResult> {
  const db = await getDb();
  const nowIso = new Date(now).toISOString();
  const resetsAt = new Date(now + windowMs()).toISOString();
  const expired = sql<boolean>`${sql.ref("rateLimitWindows.resetsAt")} <= ${nowIso}`;
  const row = await db
    .insertInto("rateLimitWindows")
    .values({ key, count: 1, resetsAt })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE ${sql.ref("rateLimitWindows.count")} + 1 END`,
        resetsAt: sql<string>`CASE WHEN ${expired} THEN ${resetsAt} ELSE ${sql.ref("rateLimitWindows.resetsAt")} END`,
      }),
    )
    .returning(["count", "resetsAt"])
    .executeTakeFirstOrThrow();
  return verdict({ count: row.count, resetsAt: Date.parse(row.resetsAt) }, max, now);
}

async function sweepSharedWindows(): Promise<void> {
  try {
    const db = await getDb();
    await db.deleteFrom("rateLimitWindows").where("resetsAt", "<=", new Date().toISOString()).execute();
  } catch (error) {
    logger.error({ event: "rate_limit.sweep_failed", err: error }, "Sweeping old rate-limit windows failed");
  }
}

const count = (key: string, max: number, now: number): RateLimitResult | Promise<RateLimitResult> =>
  databaseKind === "postgres" ? countShared(key, max, now) : countInMemory(key, max, now);

/** Counts one post by this request's client in `scope` (every post, before any check), and says whether it is allowed. */
export function consumeClientRateLimit(scope: string, now = Date.now()): Promise<RateLimitResult> {
  return Promise.resolve(count(`${scope}:${clientKey(requestContext().clientAddress)}`, env.RATE_LIMIT_MAX, now));
}

/**
 * Counts one write in `scope`'s bucket shared by everyone, and says whether it
 * is allowed. Call it only for a write that passed every check and is about to
 * be stored (see the module's comment).
 */
export function consumeGlobalRateLimit(scope: string, now = Date.now()): Promise<RateLimitResult> {
  return Promise.resolve(count(`${scope}:*`, env.RATE_LIMIT_GLOBAL_MAX, now));
}
