import { scheduleFleetJob, type ScheduledJob } from "~/platform/fleet-schedule.server";
import { onStop } from "~/platform/graceful-stop.server";
import { tuned } from "~/platform/tuning.server";
import { RETENTION_RUN_HOURS, runRetention, stopRetention } from "./retention.server";

/**
 * Retention on its own: a run shortly after the server starts (once it is serving), then every RETENTION_RUN_HOURS (a test may turn it off); stopped with the
 * server, a run under way ending after its batch (started from startup.server.ts, like the quotes' expiry); one machine of a fleet at a time
 * (app/platform/fleet-schedule.server.ts).
 */

/** After start-up, so the first run never competes with the server getting ready. */
export const RETENTION_START_DELAY_MS = tuned("retentionStartDelaySeconds", 5) * 1000;
/** pg_try_advisory_lock's key: "retention" as a number, the same on every machine. */
const RETENTION_LOCK_KEY = 0x72657465;

let scheduled: ScheduledJob | undefined;

/** When this server will next run retention on its own; null when it will not (test servers only: RETENTION_RUN_HOURS is 0). */
export function nextScheduledRetentionRun(): Date | null {
  return scheduled?.nextRunAt() ?? null;
}

/** Shortly after start-up, then every RETENTION_RUN_HOURS, until the server stops. */
export function startRetentionSchedule(): void {
  // Any run under way, the schedule's or a staff member's "Run now", ends after its batch when the server stops.
  onStop(stopRetention);
  scheduled = scheduleFleetJob({
    event: "retention",
    label: "Retention",
    lockKey: RETENTION_LOCK_KEY,
    everyHours: RETENTION_RUN_HOURS,
    startDelayMs: RETENTION_START_DELAY_MS,
    run: () => runRetention({ mode: "apply", trigger: "schedule", actor: null }),
  });
}
