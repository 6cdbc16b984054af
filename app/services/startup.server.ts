import { ensureBootstrapAdmin } from "~/models/admin-users.server";
import { getDb } from "./db.server";
import { stopGracefullyOnSignals } from "./graceful-stop.server";

// First, so that a deploy's SIGTERM is handled cleanly from the start.
stopGracefullyOnSignals();

/**
 * Everything the server does once as it starts: open and migrate the
 * database, then make sure a super admin exists. The health check waits for it.
 */
export const appReady: Promise<void> = getDb()
  .then(ensureBootstrapAdmin)
  .catch((error) => {
    console.error("The server could not start:", error);
    process.exit(1);
  });
