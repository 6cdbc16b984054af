import { BACKUPS_KEPT, backupPlace, createBackup } from "./backup.server";
import { databaseKind, migratedSqlite } from "./db.server";
import { env } from "./env.server";
import { onStop } from "./graceful-stop.server";
import { logger } from "./logger.server";
import { tuned } from "./tuning.server";

/** A SQLite server backs its database up this often (Postgres: its provider's backups). */
const BACKUP_INTERVAL_HOURS = tuned("backupIntervalHours", 24);

/**
 * Backups on a timer inside the server, daily, the newest 14 kept: the same as `npm run backup` but from the server's own connection, a few pages at a time, so
 * requests are not held up. Never two at once; stopped with the server.
 */
export function startBackupSchedule(): void {
  if (!BACKUP_INTERVAL_HOURS || databaseKind === "postgres") return;
  const place = backupPlace({ DATA_DIR: env.DATA_DIR, BUCKET_NAME: env.BUCKET_NAME }, tuned("backupKeep", BACKUPS_KEPT));
  let running = false;
  const backUp = async () => {
    const source = migratedSqlite();
    if (running || !source) return;
    running = true;
    try {
      const made = await createBackup(place, { source });
      logger.info({ event: "backup.made", location: made.location, bytes: made.bytes }, `Backed up the database to ${made.location} (${made.bytes} bytes)`);
    } catch (error) {
      logger.error({ event: "backup.failed", err: error }, "The scheduled backup failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(backUp, BACKUP_INTERVAL_HOURS * 3_600_000);
  timer.unref();
  onStop(() => clearInterval(timer));
}
