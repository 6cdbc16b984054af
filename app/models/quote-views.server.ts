import { sql } from "kysely";
import { getDb } from "~/infrastructure/db.server";
import { onStop } from "~/infrastructure/graceful-stop.server";
import { logger } from "~/infrastructure/logger.server";

/**
 * Customers' repeat views of their quotes, counted in memory and written once a second.
 *
 * A view's own UPDATE cost more than the rest of a repeat view (on SQLite it rewrites the whole
 * quotes row, lines and totals included), so this machine adds its views up per quote and writes
 * them in one statement a second: `viewCount + n` (additive, so every machine of a fleet writes
 * its own) and `lastViewedAt` the latest, never moved back by a machine that flushes later.
 * Neither `updatedAt` nor anything of the page's state stamp changes, so a kept page stays valid.
 * The first view is not counted here: it takes the full path (`recordQuoteView`).
 *
 * A graceful stop (SIGTERM, SIGINT: every deploy) writes what is pending at once, and a view
 * counted after it (a request still in flight) is written straight away. A process killed
 * outright (SIGKILL, a crash) loses at most the last second's repeat views.
 */

/** How often pending views are written, at most. */
export const QUOTE_VIEW_FLUSH_MS = 1000;

/** Quotes per statement: a bound on its parameters (5 a quote), far above a second's views on one machine. */
const QUOTES_PER_STATEMENT = 1000;

interface PendingViews {
  count: number;
  lastViewedAt: string;
}

const views = {
  pending: new Map<number, PendingViews>(),
  timer: undefined as NodeJS.Timeout | undefined,
  stopping: false,
};

/** Counts one repeat view of the quote with this id, written with the others within a second. */
export function countQuoteViewSoon(quoteId: number, now: Date): void {
  const at = now.toISOString();
  const pending = views.pending.get(quoteId);
  if (!pending) views.pending.set(quoteId, { count: 1, lastViewedAt: at });
  else {
    pending.count += 1;
    if (at > pending.lastViewedAt) pending.lastViewedAt = at;
  }
  if (views.stopping) writeInBackground();
  else scheduleWrite();
}

function scheduleWrite(): void {
  if (views.timer || views.stopping) return;
  // Unref'd: a graceful stop writes what is pending itself.
  views.timer = setTimeout(() => {
    views.timer = undefined;
    writeInBackground();
  }, QUOTE_VIEW_FLUSH_MS).unref();
}

function writeInBackground(): void {
  writePendingQuoteViews().catch((error: unknown) => {
    logger.error({ event: "quote.views_write_failed", err: error }, "Quotes: writing customers' views failed; tried again in a second");
    if (views.pending.size > 0) scheduleWrite();
  });
}

/** Writes every view counted so far; one that fails to be written stays pending for the next try. */
export async function writePendingQuoteViews(): Promise<void> {
  if (views.pending.size === 0) return;
  const batch = [...views.pending];
  views.pending = new Map();
  const db = await getDb().catch((error: unknown) => {
    putBack(batch);
    throw error;
  });
  for (let start = 0; start < batch.length; start += QUOTES_PER_STATEMENT) {
    const part = batch.slice(start, start + QUOTES_PER_STATEMENT);
    const id = sql.ref("id");
    const last = sql.ref("lastViewedAt");
    // Cast: Postgres reads an untyped parameter in a CASE's result as text.
    const added = sql.join(
      part.map(([quoteId, { count }]) => sql`WHEN ${quoteId} THEN CAST(${count} AS INTEGER)`),
      sql` `,
    );
    const latest = sql.join(
      part.map(([quoteId, { lastViewedAt }]) => sql`WHEN ${quoteId} THEN (CASE WHEN ${last} >= ${lastViewedAt} THEN ${last} ELSE ${lastViewedAt} END)`),
      sql` `,
    );
    try {
      await db
        .updateTable("quotes")
        .set({ viewCount: sql<number>`${sql.ref("viewCount")} + CASE ${id} ${added} END`, lastViewedAt: sql<string>`CASE ${id} ${latest} END` })
        .where(
          "id",
          "in",
          part.map(([quoteId]) => quoteId),
        )
        .execute();
    } catch (error) {
      putBack(batch.slice(start));
      throw error;
    }
  }
}

/** Views not written go back with those counted since (counts add up, the latest time wins). */
function putBack(batch: Array<[number, PendingViews]>): void {
  for (const [quoteId, unwritten] of batch) {
    const pending = views.pending.get(quoteId);
    if (!pending) views.pending.set(quoteId, unwritten);
    else {
      pending.count += unwritten.count;
      if (unwritten.lastViewedAt > pending.lastViewedAt) pending.lastViewedAt = unwritten.lastViewedAt;
    }
  }
}

/** At server start: a graceful stop writes the pending views, and any counted after it at once. */
export function writeQuoteViewsOnStop(): void {
  onStop(() => {
    views.stopping = true;
    clearTimeout(views.timer);
    views.timer = undefined;
    writeInBackground();
  });
}
