import type { IncomingMessage, ServerResponse } from "node:http";
import { consentFromCookies, parseCookieHeader, PERSONAL_COOKIE_NAMES } from "~/lib/site-cookies";
import { logger } from "~/infrastructure/logger.server";
import { contentSecurityPolicy, inlineHashes } from "~/infrastructure/security-headers.server";

/**
 * The customer's quote page (/quote/{token}), kept in memory for their repeat views.
 *
 * One render costs about as much as the page's goal, so a customer opening the same quote again
 * in the same state is answered before Express and Remix see the request. The app runs as several
 * machines on one database, so nothing here is trusted to be told of a change: as each request
 * arrives, one statement reads the quote's state stamp (its status, its last change, its validity,
 * its lead's last change, the UK day: `countRepeatQuoteView`) and the view is counted (in memory,
 * written within a second, which leaves the stamp as it was), and a kept page is only answered
 * for the stamp it was kept under. A render is kept under the stamp read as
 * its request arrived: it shows that state or a later one, which no later request's stamp matches.
 * The first view is never counted here, answered from here or kept (it moves the quote to viewed
 * and tells the owner: the route does it).
 *
 * Never kept or answered: anything but a GET of exactly /quote/{token} (no query string, so never
 * the page's data read again after a form post with JavaScript), a request with a personal cookie
 * (a staff member's preview, a toast after the customer's own answer) or an Authorization header,
 * and any answer that is not the plain 200 page. Kept pages use CSP hashes of their inline scripts
 * instead of a per-request nonce, and are sent with the page's own headers (no-store, noindex).
 */

/** Pages kept at most (each some tens of kilobytes); the least recently viewed is dropped first. */
export const MAX_KEPT_QUOTE_PAGES = 200;

const QUOTE_PAGE_PATH = /^\/quote\/([A-Za-z0-9_-]{22})$/;

/**
 * Counts a repeat view of a quote viewed before and answers the state its page is drawn from;
 * null when nothing was counted. Set once as the server starts (the models own the query).
 */
export type CountRepeatView = (token: string, now: Date) => Promise<string | null>;

let countRepeatView: CountRepeatView | undefined;

export function serveQuotePagesFrom(count: CountRepeatView): void {
  countRepeatView = count;
}

/** A request for a customer's quote page that may be answered from memory, or its render kept. */
export interface QuotePageTicket {
  key: string;
  /** The quote's state as the request arrived, its view counted; null: nothing counted, not to be kept or answered. */
  stamp: string | null;
  /** Settles once the view has been counted and `stamp` read. */
  stampRead: Promise<void>;
}

interface KeptQuotePage {
  stamp: string;
  headers: Record<string, string>;
  body: Buffer;
}

const kept = new Map<string, KeptQuotePage>();
const tickets = new WeakMap<IncomingMessage, QuotePageTicket>();

/** The ticket of the customer opening their quote page (a GET, no personal cookie): their view being counted and the state read. */
export function quotePageTicket(request: IncomingMessage): QuotePageTicket | undefined {
  if (!countRepeatView || request.method !== "GET" || request.headers.authorization) return undefined;
  const token = QUOTE_PAGE_PATH.exec(request.url ?? "")?.[1];
  if (!token) return undefined;
  const cookies = parseCookieHeader(request.headers.cookie);
  if (PERSONAL_COOKIE_NAMES.some((name) => cookies.has(name))) return undefined;
  // The page's frame differs by the visitor's cookie choice (its links all come from APP_URL, whatever Host was named).
  const key = `${token} ${consentFromCookies(cookies) ?? "unanswered"}`;
  const ticket: QuotePageTicket = { key, stamp: null, stampRead: Promise.resolve() };
  ticket.stampRead = countRepeatView(token, new Date()).then(
    (stamp) => void (ticket.stamp = stamp),
    // Nothing counted or read: the request is rendered (and its view counted) as before.
    (error: unknown) => logger.warn({ event: "quote-page.view-failed", err: error }, "Counting a view of a quote failed"),
  );
  tickets.set(request, ticket);
  return ticket;
}

/** Answers a repeat view (already counted) from memory; false when the request must go on to Remix. */
export function answerKeptQuotePage(request: IncomingMessage, response: ServerResponse): boolean {
  const ticket = tickets.get(request);
  if (!ticket?.stamp) return false;
  const page = kept.get(ticket.key);
  if (!page) return false;
  if (page.stamp !== ticket.stamp) {
    kept.delete(ticket.key);
    return false;
  }
  // Most recently viewed last, so the first dropped is the one viewed longest ago.
  kept.delete(ticket.key);
  kept.set(ticket.key, page);
  for (const [name, value] of Object.entries(page.headers)) response.setHeader(name, value);
  response.setHeader("X-Page-Cache", "hit");
  response.setHeader("Content-Length", page.body.length);
  response.statusCode = 200;
  response.end(page.body);
  return true;
}

/**
 * Keeps a customer's render of their quote page under the state stamp read as the request arrived
 * (the render shows that state or a later one, which no later request's stamp will match), and
 * returns the headers to send it with: the page's own, and a CSP of its inline scripts' hashes.
 */
export function keepQuotePage(ticket: QuotePageTicket, stamp: string, html: string, pageHeaders: Headers): Record<string, string> {
  const headers: Record<string, string> = {};
  pageHeaders.forEach((value, name) => (headers[name] = value));
  headers["content-type"] = "text/html; charset=utf-8";
  headers["content-security-policy"] = contentSecurityPolicy({ hashes: inlineHashes(html, "script") }, inlineHashes(html, "style"));
  kept.delete(ticket.key);
  kept.set(ticket.key, { stamp, headers, body: Buffer.from(html, "utf8") });
  while (kept.size > MAX_KEPT_QUOTE_PAGES) kept.delete(kept.keys().next().value!);
  return headers;
}
