import { sql } from "kysely";
import { clientKey } from "./client-address";
import { databaseKind, getDb } from "./db.server";
import { logger } from "./logger.server";
import { requestContext } from "./request-store.server";
import { tuned } from "./tuning.server";

/**
 * Limits on public writes, per form (quote, contact, newsletter ...), in two buckets counted apart (and, the same way, on a client's costly reads:
 * `consumeClientAllowance`):
 *
 * - per client (`consumeClientRateLimit`): at most RATE_LIMIT_MAX posts per client address per window, junk included, counted first;
 * - from everyone together (`consumeGlobalRateLimit`): at most GLOBAL_RATE_LIMIT_MAX writes that are about to be stored, so a client rotating through
 *   addresses cannot fill the disk. Only posts that passed every check (honeypot, schema) count here: were junk counted, a few dozen addresses posting `{}`
 *   would refuse every genuine visitor while storing nothing.
 *
 * Where the windows are kept follows the database: with SQLite the product is one process, so in its memory (no write per request); with Postgres a fleet
 * shares them in the database (migration 0016), so a client's allowance does not grow with the number of machines.
 */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

interface Window {
  count: number;
  resetsAt: number;
}

/** Posts of one form a client may make per window: more than a person sends, fewer than a script. */
export const RATE_LIMIT_MAX = tuned("rateLimitMax", 10);
/** Writes of one form from everyone together per window: sixty busy visitors' worth. */
const GLOBAL_RATE_LIMIT_MAX = tuned("rateLimitGlobalMax", RATE_LIMIT_MAX * 60);
const windowMs = () => tuned("rateLimitWindowSeconds", 60) * 1000;

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
  return consumeClientAllowance(scope, RATE_LIMIT_MAX, now);
}

/** `key`'s current window as counted so far (in memory, or shared on Postgres), or undefined when it has none. */
async function currentWindow(key: string, now: number): Promise<Window | undefined> {
  let window: Window | undefined = windows.get(key);
  if (databaseKind === "postgres") {
    const db = await getDb();
    const row = await db.selectFrom("rateLimitWindows").select(["count", "resetsAt"]).where("key", "=", key).executeTakeFirst();
    window = row && { count: row.count, resetsAt: Date.parse(row.resetsAt) };
  }
  return window && window.resetsAt > now ? window : undefined;
}

/** Whether one more of this request's client's `scope` would be allowed now (`consumeClientAllowance`), without counting it. */
export async function peekClientAllowance(scope: string, max: number, now = Date.now()): Promise<RateLimitResult> {
  const window = await currentWindow(`${scope}:${clientKey(requestContext().clientAddress)}`, now);
  return window ? verdict({ count: window.count + 1, resetsAt: window.resetsAt }, max, now) : { allowed: true, retryAfterSeconds: 0 };
}

/**
 * Counts one costly answer to this request's client in `scope`, at most `max` per window, and says whether it is allowed: for work other than a post that one
 * client must not repeat without end (a comparison no one has asked for before).
 */
export function consumeClientAllowance(scope: string, max: number, now = Date.now()): Promise<RateLimitResult> {
  return Promise.resolve(count(`${scope}:${clientKey(requestContext().clientAddress)}`, max, now));
}

/** This request's client already has as much work of the kind waiting as `inClientTurn` allows. */
export class ClientTurnsFull extends Error {}

/** Per client and scope, on this machine: work begun or waiting, and the end of the last of it. */
const turns = new Map<string, { queued: number; last: Promise<unknown> }>();

/**
 * Runs `work` once this request's client's earlier work in `scope` on this machine has ended, so one client's costly requests run one after another rather than
 * all at once; at most `maxWaiting` wait behind the one under way, beyond that ClientTurnsFull. Per machine: it bounds what one client makes this machine do at
 * a time (the counts above are shared).
 */
export async function inClientTurn<T>(scope: string, maxWaiting: number, work: () => T | Promise<T>): Promise<T> {
  const key = `${scope}:${clientKey(requestContext().clientAddress)}`;
  let turn = turns.get(key);
  if (turn && turn.queued > maxWaiting) throw new ClientTurnsFull();
  if (!turn) turns.set(key, (turn = { queued: 0, last: Promise.resolve() }));
  turn.queued += 1;
  const mine = turn.last.then(work);
  turn.last = mine.catch(() => undefined);
  try {
    return await mine;
  } finally {
    turn.queued -= 1;
    if (turn.queued === 0) turns.delete(key);
  }
}

/** Counts one write in `scope`'s bucket shared by everyone, and says whether it is allowed: only for a write that passed every check (see above). */
export function consumeGlobalRateLimit(scope: string, now = Date.now()): Promise<RateLimitResult> {
  return Promise.resolve(count(`${scope}:*`, GLOBAL_RATE_LIMIT_MAX, now));
}
