import { sql } from "kysely";
import { databaseKind, getDb } from "./db.server";
import { onStop } from "./graceful-stop.server";
import { logger } from "./logger.server";

/**
 * A job the server runs on its own: shortly after start-up (once it is serving), then every `everyHours`, stopped with the server. On a fleet on Postgres each
 * machine's timer fires, but a run takes an advisory lock first: a machine that finds it taken skips (logs `<event>.skipped`). Retention and renewals use it.
 */
export interface FleetJob {
  /** The log events' prefix: `retention` gives `retention.skipped` and `retention.schedule_failed`. */
  event: string;
  /** The job as the log's messages name it: "Retention". */
  label: string;
  /** pg_try_advisory_lock's key, the same on every machine and one per job. */
  lockKey: number;
  /** 0: never on its own (test servers). */
  everyHours: number;
  startDelayMs: number;
  run: () => Promise<unknown>;
}

export interface ScheduledJob {
  /** When the server will next run it on its own; null when it will not. */
  nextRunAt(): Date | null;
}

/** A run, unless another machine of the fleet is running one. The lock belongs to one connection: held on it for the run, released on it after. */
async function runAlone(job: FleetJob): Promise<void> {
  if (databaseKind !== "postgres") {
    await job.run();
    return;
  }
  const db = await getDb();
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${job.lockKey}) AS locked`.execute(connection);
    if (!rows[0]?.locked) {
      logger.info({ event: `${job.event}.skipped` }, `${job.label}: another machine is running it`);
      return;
    }
    try {
      await job.run();
    } finally {
      await sql`SELECT pg_advisory_unlock(${job.lockKey})`.execute(connection);
    }
  });
}

/** Starts `job`'s schedule (once, as the server starts). */
export function scheduleFleetJob(job: FleetJob): ScheduledJob {
  const schedule = { timer: undefined as NodeJS.Timeout | undefined, nextRunAt: null as Date | null, stopped: false };
  const runAt = (delayMs: number) => {
    if (schedule.stopped) return;
    schedule.nextRunAt = new Date(Date.now() + delayMs);
    schedule.timer = setTimeout(() => {
      runAlone(job)
        .catch((error) => logger.error({ event: `${job.event}.schedule_failed`, err: error }, `${job.label}: the scheduled run failed`))
        .finally(() => runAt(job.everyHours * 3_600_000));
    }, delayMs).unref();
  };
  onStop(() => {
    schedule.stopped = true;
    schedule.nextRunAt = null;
    clearTimeout(schedule.timer);
  });
  if (job.everyHours) runAt(job.startDelayMs);
  return { nextRunAt: () => schedule.nextRunAt };
}
