import { QUOTE_OPEN_STATUSES, quoteVersionLabel } from "./quotes";
import { getDb } from "~/platform/db.server";
import { onStop } from "~/platform/graceful-stop.server";
import { logger } from "~/platform/logger.server";
import { recordQuoteChange } from "./quotes.server";
import { ukDay } from "~/lib/calendar";

/** The sweep that marks sent quotes past their validity expired: at start-up and hourly (started from startup.server.ts, stopped with the server). */

/** Quotes expired per transaction, so a long backlog never holds the database in one long write. */
const EXPIRY_BATCH = 200;
const EXPIRE_EVERY_MS = 60 * 60_000;
/** The hourly sweep's timer; stopped, a sweep under way ends after its batch. */
const expiry = { stopped: false, timer: undefined as NodeJS.Timeout | undefined };

/**
 * Marks open quotes past their valid-until day (UK) expired, on each lead's timeline and in the audit log as the System; returns how many. Reads never wait for
 * it (`quoteStatusOn` already shows them expired); this writes it down for the lists and figures that read the table.
 */
export async function expireQuotes(now = new Date()): Promise<number> {
  const db = await getDb();
  const today = ukDay(now);
  const stamp = now.toISOString();
  let expired = 0;
  while (!expiry.stopped) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("quotes")
        .innerJoin("leads", "leads.id", "quotes.leadId")
        .select(["quotes.id", "quotes.leadId", "quotes.version", "leads.reference"])
        .where("quotes.status", "in", QUOTE_OPEN_STATUSES)
        .where("quotes.validUntil", "<", today)
        .orderBy("quotes.id")
        .limit(EXPIRY_BATCH)
        .execute();
      let changed = 0;
      for (const quote of due) {
        // Only if still open: the customer may have answered since it was read.
        const updated = await trx
          .updateTable("quotes")
          .set({ status: "expired", updatedAt: stamp })
          .where("id", "=", quote.id)
          .where("status", "in", QUOTE_OPEN_STATUSES)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) continue;
        const label = quoteVersionLabel(quote.version);
        await recordQuoteChange(trx, null, {
          action: "quote.expired",
          leadId: quote.leadId,
          quoteId: quote.id,
          reference: `${quote.reference}-${label}`,
          body: `Quote ${label} expired`,
          now: stamp,
        });
        changed += 1;
      }
      return { read: due.length, changed };
    });
    expired += batch.changed;
    if (batch.read < EXPIRY_BATCH) break;
  }
  if (expired > 0) logger.info({ event: "quote.expired", quotes: expired }, `Quotes: ${expired} past their validity marked expired`);
  return expired;
}

function expireInBackground(): void {
  expireQuotes().catch((error) => logger.error({ event: "quote.expiry_failed", err: error }, "Quotes: marking expired quotes failed"));
}

/** At start-up and every hour after, until the server stops. */
export function startQuoteExpiry(): void {
  onStop(() => {
    expiry.stopped = true;
    clearInterval(expiry.timer);
  });
  expireInBackground();
  expiry.timer = setInterval(expireInBackground, EXPIRE_EVERY_MS).unref();
}
