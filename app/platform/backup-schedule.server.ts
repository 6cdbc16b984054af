import { backupPlace, createBackup } from "./backup.server";
import { databaseKind, migratedSqlite } from "./db.server";
import { env } from "./env.server";
import { onStop } from "./graceful-stop.server";
import { logger } from "./logger.server";

/**
 * Backups on a timer inside the server (BACKUP_INTERVAL_HOURS; off when 0), the same
 * as `npm run backup` but from the server's own connection, a few pages at a time,
 * so requests are not held up. Never two at once; stopped with the server.
 */
export function startBackupSchedule(): void {
  if (!env.BACKUP_INTERVAL_HOURS) return;
  if (databaseKind === "postgres") {
    logger.warn(
      { event: "backup.schedule_ignored" },
      "BACKUP_INTERVAL_HOURS is ignored: the database is Postgres (DATABASE_URL), whose backups are its provider's.",
    );
    return;
  }
  const place = backupPlace({
    DATA_DIR: env.DATA_DIR,
    BACKUP_KEEP: String(env.BACKUP_KEEP),
    BUCKET_NAME: env.BUCKET_NAME,
    AWS_REGION: env.AWS_REGION,
    AWS_ENDPOINT_URL_S3: env.AWS_ENDPOINT_URL_S3,
    AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY,
  });
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
  const timer = setInterval(backUp, env.BACKUP_INTERVAL_HOURS * 3_600_000);
  timer.unref();
  onStop(() => clearInterval(timer));
}
