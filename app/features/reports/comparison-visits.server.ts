import type { IncomingMessage } from "node:http";
import { utmFromSearch } from "~/features/leads";
import { COMPARISON_PATH } from "~/features/tariffs";
import { ukDay } from "~/lib/calendar";
import { getDb } from "~/platform/db.server";
import { siteHost } from "~/platform/brand.server";
import { logger } from "~/platform/logger.server";

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

/** Adds one to the day's count for the origin (one statement, so two machines counting at once both count). */
export async function countComparisonVisit(origin: VisitOrigin, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("comparisonVisits")
    .values({ day: ukDay(now), ...origin, visits: 1 })
    .onConflict((conflict) =>
      conflict.columns(["day", "source", "medium", "campaign"]).doUpdateSet((eb) => ({ visits: eb(eb.ref("comparisonVisits.visits"), "+", 1) })),
    )
    .execute();
}

/** The front door's note (app/platform/front-door.server.ts) for each arriving request: counts the visits to the comparison; a failure is logged, never a page's. */
export function noteComparisonVisit(request: IncomingMessage, arrivedAs: string): void {
  if (!isComparisonAddress(arrivedAs)) return;
  // Our own site by APP_URL, or as this request named it (a machine's own address); hosts without their port.
  const origin = comparisonVisitOrigin(request, arrivedAs, [siteHost, header(request, "host").replace(/:\d+$/, "").toLowerCase()].filter(Boolean));
  if (!origin) return;
  countComparisonVisit(origin).catch((error: unknown) => {
    logger.error({ event: "reports.visit_not_counted", err: error }, "A visit to the comparison could not be counted");
  });
}
