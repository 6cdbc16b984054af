import type { IncomingMessage } from "node:http";
import { utmFromSearch } from "~/features/leads";
import { COMPARISON_PATH } from "~/features/tariffs";
import { ukDay } from "~/lib/calendar";
import { getDb } from "~/platform/db.server";
import { siteHost } from "~/platform/brand.server";
import { noteArrivalsWith } from "~/platform/front-door.server";
import { onStop } from "~/platform/graceful-stop.server";
import { logger } from "~/platform/logger.server";
import { tuned } from "~/platform/tuning.server";

/**
 * Visits that reached the comparison (issue 41), counted on the server as each request for the comparison arrives, before the page cache answers it: a number
 * per UK day and origin, nothing of the visitor (no address, no cookie, nothing stored on the device). See docs/decisions/024-visits-counted-on-the-server.md.
 */

/** Where a visit came from, as the report groups it; "" for none. */
export interface VisitOrigin {
  source: string;
  medium: string;
  campaign: string;
}

/** Crawlers and link previews, which are not visits (headless browsers are: a person's tools may be one). */
const NOT_A_VISITOR = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|curl|wget|python-requests|go-http-client/i;

function header(request: Pick<IncomingMessage, "headers">, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * Whether a request is a visit arriving at the comparison, and from where: a GET of the comparison page (or its data, as a browser with JavaScript asks for it)
 * that did not come from the comparison itself (changing its filters is the same visit), by a browser rather than a crawler or a prefetch. Its origin is the
 * UTM of its own address, or else of our page that linked to it (the Referer); a visit from another site without UTM, or typed in, has none. Null: not a visit.
 */
export function comparisonVisitOrigin(
  request: Pick<IncomingMessage, "method" | "headers">,
  arrivedAs: string,
  ownHosts: readonly string[],
): VisitOrigin | null {
  if (request.method !== "GET") return null;
  const address = new URL(arrivedAs, "http://comparison.invalid");
  if (address.pathname !== COMPARISON_PATH) return null;
  const agent = header(request, "user-agent");
  if (!agent || NOT_A_VISITOR.test(agent)) return null;
  if (/prefetch|prerender/i.test(`${header(request, "sec-purpose")} ${header(request, "purpose")} ${header(request, "x-moz")}`)) return null;
  let utm = utmFromSearch(address.search);
  const referer = header(request, "referer");
  if (referer) {
    let from: URL | null = null;
    try {
      from = new URL(referer);
    } catch {
      // Not an address: as if there were none.
    }
    if (from && ownHosts.includes(from.hostname)) {
      if (from.pathname === COMPARISON_PATH) return null;
      if (Object.keys(utm).length === 0) utm = utmFromSearch(from.search);
    }
  }
  return { source: utm.source ?? "", medium: utm.medium ?? "", campaign: utm.campaign ?? "" };
}

/** The comparison's path alone or with a query: checked with no parsing, since every request the server answers passes here. */
function isComparisonAddress(arrivedAs: string): boolean {
  return arrivedAs.startsWith(COMPARISON_PATH) && (arrivedAs.length === COMPARISON_PATH.length || arrivedAs[COMPARISON_PATH.length] === "?");
}

/**
 * How long counted visits wait in memory before they are written, all of them in one statement. A write per visit halved the page cache's throughput
 * (`npm run bench -- comparison`: 6,000 to 3,000 requests a second); a machine that stops writes what it holds, one that crashes loses at most this much.
 */
const VISIT_WRITE_MS = tuned("visitWriteSeconds", 5) * 1000;

/** Rows a statement writes at most: made-up campaigns in every address would otherwise pass the databases' limits on a statement's values. */
const VISIT_WRITE_ROWS = 1000;

/** Visits counted and not yet written, by UK day and origin. */
const unwritten = new Map<string, { day: string } & VisitOrigin & { visits: number }>();
let writeTimer: NodeJS.Timeout | null = null;
let writing: Promise<void> = Promise.resolve();

/** Adds one to the day's count for the origin, written with the others within VISIT_WRITE_MS. */
function countComparisonVisit(origin: VisitOrigin, now = new Date()): void {
  const day = ukDay(now);
  const key = [day, origin.source, origin.medium, origin.campaign].join("\n");
  const counted = unwritten.get(key);
  if (counted) counted.visits += 1;
  else unwritten.set(key, { day, ...origin, visits: 1 });
  if (!writeTimer) {
    writeTimer = setTimeout(() => void writeCountedVisits(), VISIT_WRITE_MS);
    writeTimer.unref();
  }
}

/**
 * Writes the visits counted since the last write: each day and origin's number added to its row in one statement, so two machines writing at once both
 * count. A failure is logged with what it lost, never a page's. One write at a time, in the order they were asked for.
 */
function writeCountedVisits(): Promise<void> {
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = null;
  const counts = [...unwritten.values()];
  unwritten.clear();
  if (counts.length === 0) return writing;
  writing = writing.then(async () => {
    for (let start = 0; start < counts.length; start += VISIT_WRITE_ROWS) {
      const rows = counts.slice(start, start + VISIT_WRITE_ROWS);
      try {
        const db = await getDb();
        await db
          .insertInto("comparisonVisits")
          .values(rows)
          .onConflict((conflict) =>
            conflict
              .columns(["day", "source", "medium", "campaign"])
              .doUpdateSet((eb) => ({ visits: eb(eb.ref("comparisonVisits.visits"), "+", eb.ref("excluded.visits")) })),
          )
          .execute();
      } catch (error) {
        const visits = rows.reduce((total, row) => total + row.visits, 0);
        logger.error({ event: "reports.visits_not_counted", visits, err: error }, `${visits} visits to the comparison could not be counted`);
      }
    }
  });
  return writing;
}

/** The front door's note (app/platform/front-door.server.ts) for each arriving request: counts the visits to the comparison; a failure is logged, never a page's. */
function noteComparisonVisit(request: IncomingMessage, arrivedAs: string): void {
  if (!isComparisonAddress(arrivedAs)) return;
  // Our own site by APP_URL, or as this request named it (a machine's own address); hosts without their port.
  const origin = comparisonVisitOrigin(request, arrivedAs, [siteHost, header(request, "host").replace(/:\d+$/, "").toLowerCase()].filter(Boolean));
  if (origin) countComparisonVisit(origin);
}

/** Counts the visits to the comparison from now on (as the server starts): noted as they arrive, written every VISIT_WRITE_MS and as the server stops. */
export function countComparisonVisits(): void {
  noteArrivalsWith(noteComparisonVisit);
  onStop(() => void writeCountedVisits());
}
