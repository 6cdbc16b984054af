import { ensureBootstrapAdmin } from "~/models/admin-users.server";
import { measureUnsizedStockImages } from "~/models/stock-images.server";
import { markServerRunning } from "../../scripts/backup-lib.js";
import { startBackupSchedule } from "./backup-schedule.server";
import { getDb } from "./db.server";
import { env } from "./env.server";
import { stopGracefullyOnSignals } from "./graceful-stop.server";
import { announceEmailSettings } from "./mailer.server";
import { startOutbox } from "./outbox.server";

// First, so that a deploy's SIGTERM is handled cleanly from the start.
stopGracefullyOnSignals();
announceEmailSettings();

/**
 * Everything the server does once as it starts: open and migrate the
 * database, make sure a super admin exists, then start the outbox (which
 * sends deliveries left over from before a restart in the background) and
 * measure images stored before their sizes were recorded (in the
 * background too: until then they are shown as before).
 * The health check waits for it.
 */
export const appReady: Promise<void> = getDb()
  .then(ensureBootstrapAdmin)
  .then(startOutbox)
  .then(() => {
    // `npm run restore` refuses while this file names a live server.
    markServerRunning(env.DATA_DIR);
    startBackupSchedule();
  })
  .then(() => {
    measureUnsizedStockImages().catch((error) => console.error("Stored images could not be measured:", error));
  })
  .catch((error) => {
    console.error("The server could not start:", error);
    process.exit(1);
  });
