import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/** What the page cache decided for a request, as others read it (`page-cache.server.ts` keeps the rest of its ticket). */
export interface PageCacheNote {
  /** The public content's version when the request arrived (NaN while, or if failing, to read it). */
  version: number;
  /** On Postgres: settles once `version` has been read from the shared row. */
  versionRead?: Promise<void>;
  /** A page for a query string: kept among the query variants, apart from the plain pages. */
  variant: boolean;
}

/**
 * Per-request facts that a Fetch `Request` does not carry: the client's address (for rate limits), whether it came over HTTPS, and the CSP nonce.
 *
 * `remix-serve` (the client's chosen server) has no middleware hook, so we listen on Node's documented `http.server.request.start` diagnostics channel, which
 * fires for every request before any handler runs. That is also where the headers every response needs (static files included) are set.
 */
export interface RequestContext {
  /** Sent back as X-Request-Id, logged, and shown on the error page for a visitor to quote. */
  requestId: string;
  /** The signed-in staff member, once known (for the request's log line). */
  userId?: string;
  clientAddress: string;
  secure: boolean;
  nonce: string;
  /** A write (POST, PUT, PATCH, DELETE) sent from another site's page. */
  crossOriginWrite: boolean;
  /** Set when an anonymous visitor's page may be shared through the page cache. */
  pageCache?: PageCacheNote;
  /** A browser opening a page (a GET that is not a form post's or Remix's read of a page's data). */
  documentRequest: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Makes `context` the current request's, for everything the request does from here on (the request hooks call it). */
export function enterRequestContext(context: RequestContext): void {
  storage.enterWith(context);
}

const fallbackContext = (): RequestContext => ({
  requestId: crypto.randomUUID(),
  clientAddress: "unknown",
  secure: false,
  nonce: crypto.randomBytes(16).toString("base64"),
  crossOriginWrite: false,
  documentRequest: false,
});

/** The current request's context (a fresh stand-in outside a request). */
export function requestContext(): RequestContext {
  return storage.getStore() ?? fallbackContext();
}
