import { performance } from "node:perf_hooks";
import { setTimeout as pause } from "node:timers/promises";
import type { Kysely } from "kysely";
import { RETENTION_KINDS, type RetentionCounts } from "./data-protection";
import type { Database } from "~/platform/database-types";
import { emptySqliteLog, nowIso } from "~/platform/db.server";
import { cutoffsFor, RULES, RUN_ORDER, type Batch, type Rule } from "./retention-rules.server";

/**
 * One pass over the retention rules (retention-rules.server.ts), batch by batch: the part of a run that reads and changes records. It runs in the server's own
 * thread on Postgres and for dry runs, and on a thread of its own for an apply run on SQLite (retention-thread.server.ts).
 */

export function zeroCounts(): RetentionCounts {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as RetentionCounts;
}

export interface SweepOptions {
  asOf: Date;
  /** False: count what is due, change nothing. */
  apply: boolean;
  /** Added to as the sweep goes, so a run stopped or failed part way still says what it did. */
  counts: RetentionCounts;
  /** Asked before each batch: true ends the sweep there. */
  stopped?: () => boolean;
  /** After each batch, with the counts so far. */
  afterBatch?: (counts: RetentionCounts) => void;
}

/**
 * Each rule in turn (RUN_ORDER), batch by batch: counts what is due, or (apply) does it, each batch in its own transaction. An apply run then empties SQLite's
 * write-ahead log, however it ended, so what it anonymised and deleted leaves the files on disk too (emptySqliteLog; on this thread's own connection).
 */
export async function sweep(db: Kysely<Database>, options: SweepOptions): Promise<void> {
  try {
    await sweepRules(db, options);
  } finally {
    if (options.apply) emptySqliteLog();
  }
}

async function sweepRules(db: Kysely<Database>, { asOf, apply, counts, stopped = () => false, afterBatch }: SweepOptions): Promise<void> {
  const cutoffs = cutoffsFor(asOf);
  for (const kind of RUN_ORDER) {
    const rule = RULES[kind] as Rule<number | string>;
    if (!apply && rule.count) {
      counts[kind] = await rule.count(db, cutoffs);
      continue;
    }
    let after: number | string | null = null;
    do {
      if (stopped()) return;
      const started = performance.now();
      const batch: Batch<number | string> = await rule.due(db, cutoffs, after);
      if (batch.ids.length > 0) counts[kind] += apply ? await db.transaction().execute((trx) => rule.apply(trx, batch, nowIso(), cutoffs)) : batch.ids.length;
      after = batch.next;
      afterBatch?.(counts);
      // A batch holds its thread (better-sqlite3 is synchronous) and SQLite's one writer's lock. Leaving both free
      // for as long again lets the server's own writes in, and on a machine with one processor its requests.
      await pause(Math.max(1, performance.now() - started));
    } while (after !== null);
  }
}
