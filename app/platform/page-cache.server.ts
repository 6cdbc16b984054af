import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PAGE_CACHE_QUERY_VARIANTS, type SharedPage } from "./page-cache";
import { consentFromCookies, parseCookieHeader, PERSONAL_COOKIE_NAMES } from "./site-cookies";
import { sharedAddress } from "./page-cache-address.server";
import type { PageCacheNote } from "./request-store.server";
import { publicContentVersion } from "./public-content.server";
import { contentSecurityPolicy, inlineHashes } from "./security-headers.server";

/**
 * Anonymous visitors' public pages, rendered once and served from memory.
 *
 * Every anonymous visitor of a public page gets the same bytes, except for their answer to the cookie banner, so a page is rendered once per page and consent
 * answer and kept. Hits are answered before Express and Remix see the request (they cost about what a static file does); everything else goes through Remix as
 * before, and a complete, shareable render is kept on its way out (`entry.server.tsx`).
 *
 * What is never shared: any request carrying a personal cookie (a toast, a staff session), anything but GET/HEAD, URLs with a query string other than ad
 * tracking or a comparison's (kept per normalised query and UK day, a bounded number: `page-cache-address.server.ts`), and any answer that sets a cookie,
 * carries a toast, answers a form or is not a 200. Cached pages use CSP hashes of their inline scripts instead of a per-request nonce. A page is dropped when
 * the public content changes (see `public-content.server.ts`) and after an hour at most, for what depends on the date (the footer's year).
 *
 * What a flood of requests cannot do: make it keep another copy of a page (only a page's one address is kept; other spellings are sent there first, see
 * `front-door.server.ts`), render one page many times at once (visitors who ask for a page being rendered wait for that render, then get it from the cache), or
 * queue compression without end (one page is compressed at a time, a few wait; past that a page is kept and sent uncompressed, and compressed at a later view
 * when there is room).
 */

const MAX_PAGES = 200;
const MAX_AGE_MS = 60 * 60 * 1000;
/**
 * Compressions at once, and waiting. Each is a gzip (level 9) and a brotli (quality 10) on libuv's pool of 4 threads, which file reads, DNS and password
 * hashing share: one at a time leaves them two threads whatever arrives.
 */
const MAX_COMPRESSING = 1;
const MAX_WAITING_TO_COMPRESS = 8;

/** A request that may be answered from the cache, or its render kept in it. */
export interface PageCacheTicket extends PageCacheNote {
  key: string;
  /** Set when this request renders the page for others waiting on it. */
  render?: Render;
  /** Its render is being compressed and kept: the wait ends when it is in the cache. */
  keeping?: boolean;
}

/** A page being rendered: the visitors who ask for it meanwhile wait for `done`. */
interface Render {
  done: Promise<void>;
  end: () => void;
}

interface CachedPage {
  version: number;
  storedAt: number;
  etag: string;
  headers: Record<string, string>;
  identity: Buffer;
  /** Absent until compressed (when compressing had to wait for room). */
  gzip?: Buffer;
  brotli?: Buffer;
  compressing?: boolean;
}

const pages = new Map<string, CachedPage>();
const variants = new Map<string, CachedPage>();
const storeFor = (ticket: PageCacheTicket) => (ticket.variant ? variants : pages);
const renders = new Map<string, Render>();
const tickets = new WeakMap<IncomingMessage, PageCacheTicket>();

/**
 * Whether this request may share a cached page, and under which key. A query string made only of ad tracking is taken off the URL here, so such visitors share
 * the plain page (their browser keeps the full URL for analytics). `sharedPage`: the address is one of the pages that may be shared, in its one spelling, and
 * how it reads its query string (files, the portal, JSON routes and unknown addresses never are: no cookie parsing or database read for them).
 */
export function pageCacheTicket(request: IncomingMessage, sharedPage: SharedPage | undefined): PageCacheTicket | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const url = request.url ?? "";
  if (!sharedPage || !url.startsWith("/")) return undefined;
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const cookies = parseCookieHeader(request.headers.cookie);
  if (PERSONAL_COOKIE_NAMES.some((name) => cookies.has(name))) return undefined;

  const address = sharedAddress(path, queryStart < 0 ? undefined : url.slice(queryStart + 1), sharedPage.readsQuery);
  if (!address) return undefined;
  if (queryStart >= 0) request.url = address.url;
  const version = publicContentVersion();
  if (version === undefined) return undefined;
  // Not by Host: a page's links all come from APP_URL, so every visitor of one address shares it, whatever Host they named.
  const key = `${address.key} ${consentFromCookies(cookies) ?? "unanswered"}`;
  const ticket: PageCacheTicket = { key, version: NaN, variant: address.variant };
  if (typeof version === "number") ticket.version = version;
  else {
    // A failed read leaves NaN, which no kept page matches: the request is rendered and not kept.
    ticket.versionRead = version.then(
      (read) => void (ticket.version = read),
      () => undefined,
    );
  }
  tickets.set(request, ticket);
  return ticket;
}

function cachedPage(ticket: PageCacheTicket): CachedPage | undefined {
  const store = storeFor(ticket);
  const page = store.get(ticket.key);
  if (!page) return undefined;
  if (page.version !== ticket.version || Date.now() - page.storedAt > MAX_AGE_MS) {
    store.delete(ticket.key);
    return undefined;
  }
  // Most recently used last, so the oldest is the first dropped when the cache is full.
  store.delete(ticket.key);
  store.set(ticket.key, page);
  return page;
}

function acceptedEncoding(header: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    accepted.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  if ((accepted.get("br") ?? 0) > 0) return "br";
  if ((accepted.get("gzip") ?? 0) > 0) return "gzip";
  return undefined;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Answers a hit; false when the request must go on to Remix. */
export function answerFromCache(request: IncomingMessage, response: ServerResponse): boolean {
  const ticket = tickets.get(request);
  const page = ticket && cachedPage(ticket);
  if (!page) return false;
  if (!page.gzip) compressWhenThereIsRoom(page);
  for (const [name, value] of Object.entries(page.headers)) response.setHeader(name, value);
  response.setHeader("X-Page-Cache", "hit");
  if (matchesEtag(request.headers["if-none-match"], page.etag)) {
    response.statusCode = 304;
    response.end();
    return true;
  }
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  const compressed = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : undefined;
  const body = compressed ?? page.identity;
  if (compressed) response.setHeader("Content-Encoding", encoding!);
  response.setHeader("Content-Length", body.length);
  response.statusCode = 200;
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * For a request the cache could not answer: when the same page is being rendered for another visitor, a promise that settles once that render is done (kept, or
 * found not shareable), after which the cache is asked again. Otherwise this request renders it, and undefined: the others wait for it (one render however many
 * ask at once).
 */
export function renderUnderWay(request: IncomingMessage, response: ServerResponse): Promise<void> | undefined {
  const ticket = tickets.get(request);
  if (!ticket) return undefined;
  const underWay = renders.get(ticket.key);
  if (underWay) return underWay.done;
  let end!: () => void;
  const render: Render = { done: new Promise<void>((resolve) => (end = resolve)), end: () => undefined };
  render.end = () => {
    if (renders.get(ticket.key) === render) renders.delete(ticket.key);
    end();
  };
  renders.set(ticket.key, render);
  ticket.render = render;
  // An answer that was not kept (not shareable, failed, cut off) ends the wait as it ends.
  response.once("close", () => {
    if (!ticket.keeping) render.end();
  });
  return undefined;
}

let compressing = 0;
const waitingToCompress: Array<() => void> = [];

/** Runs `job` when there is room (see MAX_COMPRESSING); false, and nothing done, when too many wait already. */
function compressInTurn(job: () => Promise<void>): boolean {
  if (compressing >= MAX_COMPRESSING && waitingToCompress.length >= MAX_WAITING_TO_COMPRESS) return false;
  const start = () => {
    compressing++;
    void job().finally(() => {
      compressing--;
      waitingToCompress.shift()?.();
    });
  };
  if (compressing < MAX_COMPRESSING) start();
  else waitingToCompress.push(start);
  return true;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function compress(identity: Buffer): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { gzip: gzipped, brotli: brotlied };
}

/** A page kept uncompressed (there was no room as it was kept) is compressed at a later view. */
function compressWhenThereIsRoom(page: CachedPage) {
  if (page.compressing) return;
  page.compressing = compressInTurn(async () => {
    try {
      Object.assign(page, await compress(page.identity));
    } catch {
      // Stays uncompressed; a later view tries again.
    }
    page.compressing = false;
  });
}

function keep(ticket: PageCacheTicket, page: CachedPage) {
  if (!Number.isNaN(ticket.version)) {
    const store = storeFor(ticket);
    store.delete(ticket.key);
    store.set(ticket.key, page);
    const max = ticket.variant ? PAGE_CACHE_QUERY_VARIANTS : MAX_PAGES;
    while (store.size > max) store.delete(store.keys().next().value!);
  }
  ticket.render?.end();
}

/**
 * Keeps a complete render of a shareable page (the caller has checked it is one) and returns the headers to send it with. Compressing happens off the request:
 * until it is done, visitors who asked for the page as it was rendered wait for it, and the next ones are rendered for as before. When too many pages wait to
 * be compressed, the page is kept uncompressed at once.
 */
export function keepRenderedPage(note: PageCacheNote, html: string): Record<string, string> {
  // The request's note is the ticket `pageCacheTicket` made for it.
  const ticket = note as PageCacheTicket;
  const identity = Buffer.from(html, "utf8");
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": contentSecurityPolicy({ hashes: inlineHashes(html, "script") }, inlineHashes(html, "style")),
    // Browsers may keep it but ask each time; the ETag makes asking cheap. Shared caches must not keep it: the same URL differs by the visitor's cookie choice.
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding, Cookie",
    ETag: `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
  };
  ticket.keeping = true;
  const page = (compressed?: { gzip: Buffer; brotli: Buffer }): CachedPage => ({
    version: ticket.version,
    storedAt: Date.now(),
    etag: headers.ETag,
    headers,
    identity,
    ...compressed,
  });
  // A comparison (a query variant) is kept uncompressed and compressed at its next view, as when the compression line is full: most are asked for once.
  const queued =
    !ticket.variant &&
    compressInTurn(async () => {
      try {
        keep(ticket, page(await compress(identity)));
      } catch {
        ticket.render?.end();
      }
    });
  if (!queued) keep(ticket, page());
  return headers;
}
