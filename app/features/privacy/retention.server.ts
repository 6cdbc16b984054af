import { setTimeout as pause } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { AdminUser } from "~/features/staff";
import { fullName } from "~/features/staff";
import { RETENTION_KINDS, RETENTION_KIND_LABELS, type RetentionCounts, type RetentionRunMode, type RetentionRunTrigger } from "./data-protection";
import type { RetentionRunRow } from "./privacy-tables";
import type { Database } from "~/platform/database-types";
import type { RetentionSettings } from "./retention-screen";
import { databaseKind, getDb, nowIso } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { tuned } from "~/platform/tuning.server";
import { NEWSLETTER_UNCONFIRMED_DAYS } from "~/features/inbox";
import { OUTBOX_KEEP_DAYS } from "~/platform/outbox-purge.server";
import { AUDIT_DETAIL_MONTHS } from "./retention";
import { logger } from "~/platform/logger.server";
import { recordAudit } from "~/features/staff/index.server";
import { ModelError } from "~/platform/model-error.server";
import { sweep, zeroCounts } from "./retention-sweep.server";
import { retentionThreadFile, sweepOnItsOwnThread } from "./retention-thread.server";

/**
 * The privacy policy's retention periods, kept by the product itself: runs of the rules in retention-rules.server.ts (docs/privacy-operations.md, Retention),
 * each recorded for the Data protection screen and audited. A dry run reads and counts only.
 */

/** What a run as of `asOf` would do, by kind: counted, nothing changed. */
export async function planRetention(asOf: Date): Promise<RetentionCounts> {
  const counts = zeroCounts();
  await sweep(await getDb(), { asOf, apply: false, counts });
  return counts;
}

/** A run as the screen and the command show it: its row, with the counts read. */
export type RetentionRun = Omit<RetentionRunRow, "counts"> & { counts: RetentionCounts | null };

export interface RetentionRunRequest {
  mode: RetentionRunMode;
  trigger: RetentionRunTrigger;
  /** The staff member; null for the schedule ("System") and the operator's command ("Operator"). */
  actor: AdminUser | null;
  asOf?: Date;
}

const ACTOR_NAMES: Record<RetentionRunTrigger, string> = { schedule: "System", operator: "Operator", staff: "Staff" };

/** One run at a time in this process; on a fleet the schedule takes a Postgres lock as well (retention-schedule.server.ts). */
const running = { now: false, stopped: false, stopThread: undefined as (() => void) | undefined };

/** The server is stopping: a run under way ends after its batch. */
export function stopRetention(): void {
  if (running.now) logger.info({ event: "retention.stopping" }, "Retention: the run ends after the batch under way (the server is stopping)");
  running.stopped = true;
  running.stopThread?.();
}

/** An apply run on SQLite on its own thread when the server has one (retention-thread.server.ts), else here. */
async function sweepForRun(db: Kysely<Database>, asOf: Date, apply: boolean, counts: RetentionCounts): Promise<void> {
  const threadFile = retentionThreadFile();
  if (!apply || databaseKind !== "sqlite" || threadFile === null) {
    await sweep(db, { asOf, apply, counts, stopped: () => running.stopped });
    return;
  }
  const thread = sweepOnItsOwnThread(threadFile, asOf, counts);
  logger.info({ event: "retention.thread_started", threadId: thread.threadId }, "Retention: the run goes on its own thread");
  running.stopThread = thread.stop;
  try {
    if (running.stopped) thread.stop();
    await thread.ended;
  } finally {
    running.stopThread = undefined;
  }
}

/** The counts in words, for the audit log and the command's output: "3 leads anonymised ...". */
export function retentionCountsInWords(counts: RetentionCounts): string {
  const done = RETENTION_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${RETENTION_KIND_LABELS[kind]}: ${counts[kind]}`);
  return done.length > 0 ? done.join("; ") : "nothing due";
}

function runFromRow(row: RetentionRunRow): RetentionRun {
  return { ...row, counts: row.counts ? ({ ...zeroCounts(), ...(JSON.parse(row.counts) as Partial<RetentionCounts>) } as RetentionCounts) : null };
}

/**
 * Runs retention once: a dry run counts what is due, an apply run anonymises and deletes it. Recorded as a retention run and in the audit log, whether it
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
      await sweepForRun(db, asOf, request.mode === "apply", counts);
      if (running.stopped) error = "Stopped with the server before it finished";
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      logger.error({ event: "retention.failed", err: failure, runId: started.id }, "Retention: the run failed");
    }
    const what = request.mode === "apply" ? "Retention run" : "Retention dry run (nothing changed)";
    // The run's record and its audit entry together: whoever sees the run finished finds its entry too.
    const row = await db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable("retentionRuns")
        .set({ finishedAt: nowIso(), counts: JSON.stringify(counts), error })
        .where("id", "=", started.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        request.actor,
        {
          action: "retention.run",
          entityType: "retentionRun",
          entityId: started.id,
          actorName,
          summary: `${what} as of ${asOf.toISOString().slice(0, 10)}: ${retentionCountsInWords(counts)}${error ? ` (failed: ${error})` : ""}`,
        },
        trx,
      );
      return finished;
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

/** How long "Run now" waits for the run's result before answering that it goes on in the background. */
export const RUN_NOW_WAIT_MS = 5_000;

/**
 * "Run now" on the Data protection screen: the run's result when it finishes within `waitMs`, else null while it goes on in the background (a run over many
 * records takes minutes, longer than a page should keep a browser or a proxy waiting); the screen's last runs show it as running until it ends.
 */
export async function runRetentionNow(request: RetentionRunRequest, waitMs = RUN_NOW_WAIT_MS): Promise<RetentionRun | null> {
  const run = runRetention(request);
  // Still running after the wait: its failures are recorded by runRetention; nothing is left unhandled.
  run.catch(() => {});
  return Promise.race([run, pause(waitMs, null, { ref: false })]);
}

/** The latest runs, newest first, for the Data protection screen. */
export async function latestRetentionRuns(limit = 10): Promise<RetentionRun[]> {
  const db = await getDb();
  const rows = await db.selectFrom("retentionRuns").selectAll().orderBy("startedAt", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(runFromRow);
}

/** Retention runs on its own shortly after start-up and then this often (a fleet: one machine at a time). */
export const RETENTION_RUN_HOURS = tuned("retentionRunHours", 24);

/** The periods in force, from the settings and constants: the screen's and the privacy page's figures. */
export function retentionSettings(): RetentionSettings {
  return {
    leadMonths: env.LEAD_RETENTION_MONTHS,
    customerYears: env.CUSTOMER_RETENTION_YEARS,
    enquiryMonths: env.ENQUIRY_RETENTION_MONTHS,
    newsletterUnconfirmedDays: NEWSLETTER_UNCONFIRMED_DAYS,
    outboxKeepDays: OUTBOX_KEEP_DAYS,
    auditDetailMonths: AUDIT_DETAIL_MONTHS,
    runHours: RETENTION_RUN_HOURS,
  };
}
