import { ensureBootstrapAdmin } from "~/features/staff/first-super-admin.server";
import { measureUnsizedStockImages } from "~/features/content/stock-images.server";
import { startQuoteExpiry } from "~/features/quotes/quote-expiry.server";
import { startRetentionSchedule } from "~/features/privacy/retention-schedule.server";
import { startRenewalSchedule } from "~/features/orders/index.server";
import { runRetentionOnItsOwnThread } from "~/features/privacy/retention-thread.server";
import { quotePdfState } from "~/features/quotes/quote-pdf-state.server";
import { newComparisonsRefused } from "~/features/tariffs/tariff-comparison.server";
import { countComparisonVisits } from "~/features/reports/index.server";
import { answerEarly, refuseComparisonRendersWith } from "~/platform/front-door.server";
import { hookIntoRequests } from "~/platform/request-context.server";
import { drawQuotePdfsOnItsOwnThread } from "~/features/quotes/quote-pdf-thread.server";
import { answerKeptQuotePdf, answerKeptQuotePdfsFrom, isQuotePdfDownload } from "~/features/quotes/quote-pdf-keep.server";
import fs from "node:fs";
import { createRequire } from "node:module";
import { markServerRunning } from "~/platform/backup.server";
import { startBackupSchedule } from "~/platform/backup-schedule.server";
import { databaseKind, getDb } from "~/platform/db.server";
import { isCommonPassword } from "~/platform/common-passwords.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { startMetricsPort } from "~/platform/metrics.server";
import { stopGracefullyOnSignals } from "~/platform/graceful-stop.server";
import { announceEmailSettings } from "~/platform/mailer.server";
import { startOutbox } from "~/platform/outbox.server";

// First, so that a deploy's SIGTERM is handled cleanly from the start.
stopGracefullyOnSignals();
// Every request from now on passes the request hooks (headers, page cache, front door) before any route.
hookIntoRequests();

/**
 * remix-serve adds a morgan "tiny" line for each request as it loads this build; our own
 * JSON line (request-context.server.ts) replaces it, so its format is made to write nothing.
 * remix-serve creates that logger after importing the build, so this runs in time.
 */
try {
  const fromServe = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/dist/cli.js"));
  fromServe("morgan").format("tiny", () => null);
} catch {
  // Not under remix-serve (the dev server): nothing to quiet.
}
announceEmailSettings();
// Downloads of a quote's PDF kept in the quote's current state are answered before Remix.
answerKeptQuotePdfsFrom(quotePdfState);
// A client past its allowance of new comparisons is refused before a comparison page is rendered.
refuseComparisonRendersWith(newComparisonsRefused);
answerEarly({ isFor: isQuotePdfDownload, answer: answerKeptQuotePdf });
// Visits that reach the comparison are counted as they arrive, the page cache's answers included (the Sources report).
countComparisonVisits();
/** A thread's code built beside the server (`npm run build` makes it), given to `use`; without it the work stays on the server's thread. */
function onItsOwnThread(file: string, use: (url: URL) => void, what: string) {
  const url = new URL(`./${file}`, import.meta.url);
  if (fs.existsSync(url)) use(url);
  else logger.warn({ event: "thread.missing", file: url.pathname }, `${what} on the server's thread: build/${file} is missing (npm run build)`);
}
// Retention's apply runs on SQLite go on a thread of their own, so requests never wait for a batch.
onItsOwnThread("retention-worker.js", runRetentionOnItsOwnThread, "Retention runs");
// PDFKit draws synchronously: on its own thread no request waits for a quote's PDF but its own.
onItsOwnThread("quote-pdf-worker.js", drawQuotePdfsOnItsOwnThread, "Quote PDFs are drawn");
if (env.ADMIN_PASSWORD && isCommonPassword(env.ADMIN_PASSWORD)) {
  // Still applied (refusing to start would lock the operator out), but worth changing at once.
  logger.warn(
    { event: "admin.common_password" },
    "ADMIN_PASSWORD is a common password, one of the first that attackers try. Choose another in the portal (Change password) and in the setting.",
  );
}
if (databaseKind === "postgres" && !env.BUCKET_NAME) {
  // A fleet shares the database, not the disk: an image uploaded through one machine would be missing on the others.
  logger.warn(
    { event: "storage.local_with_postgres" },
    "DATABASE_URL is set but BUCKET_NAME is not: uploaded images stay on this machine's disk. With more than one machine, set BUCKET_NAME.",
  );
}

/**
 * Everything the server does once as it starts: open and migrate the
 * database, make sure a super admin exists, then start the outbox (which
 * sends deliveries left over from before a restart in the background), the
 * sweep that marks quotes past their validity expired, and
 * measure images stored before their sizes were recorded (in the
 * background too: until then they are shown as before).
 * The health check waits for it.
 */
export const appReady: Promise<void> = getDb()
  .then(ensureBootstrapAdmin)
  .then(startOutbox)
  .then(() => {
    // Quotes whose validity passed while the server was down are marked expired now, then hourly.
    startQuoteExpiry();
    // The privacy policy's retention periods: a run shortly after start-up, then every RETENTION_RUN_HOURS.
    startRetentionSchedule();
    // Contracts ending within 90 days become renewal leads: a run shortly after start-up, then daily.
    startRenewalSchedule();
    // `npm run restore` refuses while this file names a live server.
    markServerRunning(env.DATA_DIR);
    startBackupSchedule();
    startMetricsPort();
    logger.info({ event: "server.ready", pid: process.pid, metricsPort: env.METRICS_ADDRESS?.port ?? null }, "The server is ready");
  })
  .then(() => {
    measureUnsizedStockImages().catch((error) => logger.error({ event: "stock_image.measure_failed", err: error }, "Stored images could not be measured"));
  })
  .catch((error) => {
    logger.fatal({ event: "server.start_failed", err: error }, "The server could not start");
    process.exit(1);
  });
