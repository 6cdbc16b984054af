import { performance } from "node:perf_hooks";
import { setTimeout as pause } from "node:timers/promises";
import type { Kysely, Selectable } from "kysely";
import type { AdminUser } from "~/lib/admin-users";
import { fullName } from "~/lib/admin-users";
import { RETENTION_KINDS, RETENTION_KIND_LABELS, type RetentionCounts, type RetentionRunMode, type RetentionRunTrigger } from "~/lib/data-protection";
import type { RetentionRunsTable } from "~/lib/database-data-protection-types";
import type { Database } from "~/lib/database-types";
import type { RetentionSettings } from "~/lib/retention-screen";
import { getDb, nowIso } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { logger } from "~/infrastructure/logger.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "./model-error.server";
import { cutoffsFor, RULES, type Batch, type Rule } from "./retention-rules.server";

/**
 * The privacy policy's retention periods, kept by the product itself: runs of
 * the rules in retention-rules.server.ts (docs/privacy-operations.md,
 * Retention), each recorded for the Data protection screen and audited. A dry
 * run reads and counts only.
 */

function zeroCounts(): RetentionCounts {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as RetentionCounts;
}

/** Each rule in turn, batch by batch: counts what is due, or (apply) does it, each batch in its own transaction. */
async function sweep(db: Kysely<Database>, asOf: Date, apply: boolean, counts: RetentionCounts, stopped: () => boolean = () => false): Promise<void> {
  const cutoffs = cutoffsFor(asOf);
  for (const kind of RETENTION_KINDS) {
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
      if (batch.ids.length > 0) {
        if (apply) {
          counts[kind] += await db.transaction().execute((trx) => rule.apply(trx, batch, nowIso(), cutoffs));
        } else {
          counts[kind] += batch.ids.length;
        }
      }
      after = batch.next;
      // A batch holds the event loop (better-sqlite3 is synchronous). Leaving it free for as long again lets a
      // request run through all its turns in between, instead of waiting one batch at each of them.
      await pause(Math.max(1, performance.now() - started));
    } while (after !== null);
  }
}

/** What a run as of `asOf` would do, by kind: counted, nothing changed. */
export async function planRetention(asOf: Date): Promise<RetentionCounts> {
  const counts = zeroCounts();
  await sweep(await getDb(), asOf, false, counts);
  return counts;
}

export interface RetentionRun {
  id: number;
  mode: RetentionRunMode;
  trigger: RetentionRunTrigger;
  actorName: string;
  asOf: string;
  startedAt: string;
  finishedAt: string | null;
  counts: RetentionCounts | null;
  error: string | null;
}

export interface RetentionRunRequest {
  mode: RetentionRunMode;
  trigger: RetentionRunTrigger;
  /** The staff member; null for the schedule ("System") and the operator's command ("Operator"). */
  actor: AdminUser | null;
  asOf?: Date;
}

const ACTOR_NAMES: Record<RetentionRunTrigger, string> = { schedule: "System", operator: "Operator", staff: "Staff" };

/** One run at a time in this process; on a fleet the schedule takes a Postgres lock as well (retention-schedule.server.ts). */
const running = { now: false, stopped: false };

/** The server is stopping: a run under way ends after its batch. */
export function stopRetention(): void {
  running.stopped = true;
}

/** The counts in words, for the audit log and the command's output: "3 leads anonymised ...". */
export function retentionCountsInWords(counts: RetentionCounts): string {
  const done = RETENTION_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${RETENTION_KIND_LABELS[kind]}: ${counts[kind]}`);
  return done.length > 0 ? done.join("; ") : "nothing due";
}

function runFromRow(row: Selectable<RetentionRunsTable>): RetentionRun {
  return { ...row, counts: row.counts ? ({ ...zeroCounts(), ...(JSON.parse(row.counts) as Partial<RetentionCounts>) } as RetentionCounts) : null };
}

/**
 * Runs retention once: a dry run counts what is due, an apply run anonymises
 * and deletes it. Recorded as a retention run and in the audit log, whether it
 * finished or failed (a failed run keeps what it had done, batch by batch).
 */
export async function runRetention(request: RetentionRunRequest): Promise<RetentionRun> {
  if (running.now) throw new ModelError(409, "A retention run is under way: wait for it to finish.");
  running.now = true;
  try {
    const db = await getDb();
    const asOf = request.asOf ?? new Date();
    const actorName = request.actor ? fullName(request.actor) : ACTOR_NAMES[request.trigger];
    const started = await db
      .insertInto("retentionRuns")
      .values({
        mode: request.mode,
        trigger: request.trigger,
        actorName,
        asOf: asOf.toISOString(),
        startedAt: nowIso(),
        finishedAt: null,
        counts: null,
        error: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const counts = zeroCounts();
    let error: string | null = null;
    try {
      await sweep(db, asOf, request.mode === "apply", counts, () => running.stopped);
      if (running.stopped) error = "Stopped with the server before it finished";
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      logger.error({ event: "retention.failed", err: failure, runId: started.id }, "Retention: the run failed");
    }
    const row = await db
      .updateTable("retentionRuns")
      .set({ finishedAt: nowIso(), counts: JSON.stringify(counts), error })
      .where("id", "=", started.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const what = request.mode === "apply" ? "Retention run" : "Retention dry run (nothing changed)";
    await recordAudit(request.actor, {
      action: "retention.run",
      entityType: "retentionRun",
      entityId: started.id,
      actorName,
      summary: `${what} as of ${asOf.toISOString().slice(0, 10)}: ${retentionCountsInWords(counts)}${error ? ` (failed: ${error})` : ""}`,
    });
    logger.info(
      { event: "retention.run", runId: started.id, mode: request.mode, trigger: request.trigger, counts, error },
      `Retention: ${what.toLowerCase()} finished`,
    );
    return runFromRow(row);
  } finally {
    running.now = false;
  }
}

/** The latest runs, newest first, for the Data protection screen. */
export async function latestRetentionRuns(limit = 10): Promise<RetentionRun[]> {
  const db = await getDb();
  const rows = await db.selectFrom("retentionRuns").selectAll().orderBy("startedAt", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(runFromRow);
}

/** The periods in force, from the settings: the screen's and the privacy page's figures. */
export function retentionSettings(): RetentionSettings {
  return {
    leadMonths: env.LEAD_RETENTION_MONTHS,
    customerYears: env.CUSTOMER_RETENTION_YEARS,
    enquiryMonths: env.ENQUIRY_RETENTION_MONTHS,
    newsletterUnconfirmedDays: env.NEWSLETTER_UNCONFIRMED_DAYS,
    outboxKeepDays: env.OUTBOX_KEEP_DAYS,
    auditDetailMonths: env.AUDIT_DETAIL_MONTHS,
    runHours: env.RETENTION_RUN_HOURS,
  };
}
