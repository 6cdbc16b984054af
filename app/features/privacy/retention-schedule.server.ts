import { sql } from "kysely";
import { databaseKind, getDb } from "~/platform/db.server";
import { onStop } from "~/platform/graceful-stop.server";
import { logger } from "~/platform/logger.server";
import { tuned } from "~/platform/tuning.server";
import { RETENTION_RUN_HOURS, runRetention, stopRetention } from "./retention.server";

/**
 * Retention on its own: a run shortly after the server starts (once it is serving), then every RETENTION_RUN_HOURS (a test may turn it off); stopped with the
 * server, a run under way ending after its batch (started from startup.server.ts, like the quotes' expiry). On a fleet on Postgres each machine's timer fires,
 * but a run takes an advisory lock first: the machines that find it taken skip.
 */

/** After start-up, so the first run never competes with the server getting ready. */
export const RETENTION_START_DELAY_MS = tuned("retentionStartDelaySeconds", 5) * 1000;
/** pg_try_advisory_lock's key: "retention" as a number, the same on every machine. */
const RETENTION_LOCK_KEY = 0x72657465;

const schedule = { timer: undefined as NodeJS.Timeout | undefined, nextRunAt: null as Date | null, stopped: false };

/** When this server will next run retention on its own; null when it will not (test servers only: RETENTION_RUN_HOURS is 0). */
export function nextScheduledRetentionRun(): Date | null {
  return schedule.nextRunAt;
}

/** A scheduled run, unless another machine of the fleet is running one. */
async function runOnce(): Promise<void> {
  const db = await getDb();
  if (databaseKind !== "postgres") {
    await runRetention({ mode: "apply", trigger: "schedule", actor: null });
    return;
  }
  // The lock belongs to one connection: held on it for the run, released on it after.
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${RETENTION_LOCK_KEY}) AS locked`.execute(connection);
    if (!rows[0]?.locked) {
      logger.info({ event: "retention.skipped" }, "Retention: another machine is running it");
      return;
    }
    try {
      await runRetention({ mode: "apply", trigger: "schedule", actor: null });
    } finally {
      await sql`SELECT pg_advisory_unlock(${RETENTION_LOCK_KEY})`.execute(connection);
    }
  });
}

function runAt(delayMs: number): void {
  if (schedule.stopped) return;
  schedule.nextRunAt = new Date(Date.now() + delayMs);
  schedule.timer = setTimeout(() => {
    runOnce()
      .catch((error) => logger.error({ event: "retention.schedule_failed", err: error }, "Retention: the scheduled run failed"))
      .finally(() => runAt(RETENTION_RUN_HOURS * 3_600_000));
  }, delayMs).unref();
}

/** Shortly after start-up, then every RETENTION_RUN_HOURS, until the server stops. */
export function startRetentionSchedule(): void {
  // Any run under way, the schedule's or a staff member's "Run now", ends after its batch when the server stops.
  onStop(stopRetention);
  if (!RETENTION_RUN_HOURS) return;
  onStop(() => {
    schedule.stopped = true;
    schedule.nextRunAt = null;
    clearTimeout(schedule.timer);
  });
  runAt(RETENTION_START_DELAY_MS);
}
