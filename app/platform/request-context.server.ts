import crypto from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { env, isProduction } from "./env.server";
import { logger } from "./logger.server";
import { maskPrivateLink } from "./private-links";
import type { RouteMatch } from "./route-patterns";
import { canonicalPathOf, isStaffPortal, routeFor, sharedPageOf } from "./app-routes.server";
import { answerAtTheFrontDoor, noteArrival } from "./front-door.server";
import { recordRequest } from "./metrics.server";
import { pageCacheTicket } from "./page-cache.server";
import { enterRequestContext, type RequestContext } from "./request-store.server";
import { limitRequestTime } from "./request-timeouts.server";

interface RequestStartMessage {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
  server: Server;
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function isSecureRequest(forwardedProto: string | null | undefined): boolean {
  return env.APP_URL.startsWith("https:") || forwardedProto === "https";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A host as a Host header names it: a name or an IPv4 address, or an IPv6 address in brackets, maybe with a port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function isWellFormedHost(host: string): boolean {
  if (!HOST_PATTERN.test(host)) return false;
  try {
    new URL(`http://${host}`); // a port over 65535, a malformed IPv6 address
    return true;
  } catch {
    return false;
  }
}

/**
 * The host the client sent the request to, lower-cased: `X-Forwarded-Host` (its first entry) only when TRUST_PROXY says a proxy in front sets it, else `Host`.
 * It decides nothing but whether a write came from the site's own page: links and the page cache's keys come from APP_URL alone. An untrusted X-Forwarded-Host
 * is taken off the request, so nothing after (Express, Remix) reads it either; a trusted one is left as its first entry. `null`: a host no client could mean
 * (400).
 */
function hostAskedFor(request: IncomingMessage): string | undefined | null {
  const forwarded = env.TRUST_PROXY ? headerValue(request, "x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  if (forwarded) request.headers["x-forwarded-host"] = forwarded;
  else delete request.headers["x-forwarded-host"];
  const host = headerValue(request, "host");
  // Both are read as the request's address further on (Remix's URL of it), so both must be well formed.
  if ((host && !isWellFormedHost(host)) || (forwarded && !isWellFormedHost(forwarded))) return null;
  return (forwarded || host)?.toLowerCase();
}

/** Whether a write came from a page on another site: its Origin is neither the site's own (APP_URL) nor the host the request was sent to (see hostAskedFor). */
function isCrossOriginWrite(request: IncomingMessage, host: string | undefined): boolean {
  const origin = headerValue(request, "origin");
  if (!origin || SAFE_METHODS.has(request.method ?? "GET")) return false;
  try {
    const from = new URL(origin);
    return from.origin !== env.APP_URL && from.host !== host;
  } catch {
    return true; // "null" or garbage
  }
}

/** No-store for an answer that does not set its own caching. Checked as the headers go out, since the route's own headers are only added then. */
function keepOutOfCaches(response: ServerResponse) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "no-store");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** A caller's own X-Request-Id is kept when it is short and plain; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The path without its query string (which may carry tokens or search terms), and a private link's key masked. */
function loggedPath(url: string | undefined): string {
  return maskPrivateLink((url ?? "/").split("?")[0]).slice(0, 200);
}

/** One log line and the request metrics, as the answer finishes (cached pages and files included). */
function logWhenFinished(request: IncomingMessage, response: ServerResponse, context: RequestContext, route: RouteMatch | undefined) {
  const started = process.hrtime.bigint();
  response.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cache = response.getHeader("X-Page-Cache");
    const path = loggedPath(request.url);
    recordRequest({ method: request.method ?? "GET", path, route, status: response.statusCode, seconds, cache: typeof cache === "string" ? cache : undefined });
    logger.info({
      event: "request",
      method: request.method,
      path,
      status: response.statusCode,
      durationMs: Math.round(seconds * 10_000) / 10,
      requestId: context.requestId,
      ...(context.userId ? { userId: context.userId } : {}),
      ...(typeof cache === "string" ? { cache } : {}),
    });
  });
}

/**
 * Where to send a GET or HEAD whose address is spelt other than the app spells it (see `canonicalPath`): a 301 there, query string kept. Case, repeated or
 * trailing slashes and percent-encoded letters all reach the same route in Remix, so without this every spelling would be a page of its own: another entry in
 * the page cache (pushing the real one out) and in every search engine's index. Only routes the app has are put right, and only their fixed words (an image's
 * stored name or a lead's id keeps its case); writes are never redirected (a browser would repeat them as a GET), and files (`/build/`) are left alone.
 */
function canonicalLocation(request: IncomingMessage, path: string, route: RouteMatch | undefined): string | undefined {
  if ((request.method !== "GET" && request.method !== "HEAD") || path.startsWith("/build/")) return undefined;
  const canonical = canonicalPathOf(path, route);
  if (canonical === undefined || canonical === path) return undefined;
  const url = request.url ?? "";
  const queryStart = url.indexOf("?");
  return queryStart < 0 ? canonical : canonical + url.slice(queryStart);
}

function onRequestStart(message: unknown) {
  const { request, response, socket, server } = message as RequestStartMessage;
  limitRequestTime(server);
  // Before the page cache takes ad tracking off it.
  const address = request.url ?? "/";
  const path = address.split("?")[0];
  const route = routeFor(path);
  const forwardedFor = env.TRUST_PROXY ? headerValue(request, "fly-client-ip") : undefined;
  const givenId = headerValue(request, "x-request-id");
  const host = hostAskedFor(request);
  let nonce: string | undefined;
  const context: RequestContext = {
    requestId: givenId && REQUEST_ID.test(givenId) ? givenId : crypto.randomUUID(),
    clientAddress: forwardedFor?.trim() || socket.remoteAddress || "unknown",
    secure: isSecureRequest(headerValue(request, "x-forwarded-proto")),
    // Drawn only when a page is rendered for this request: JSON, files and cached pages need none.
    get nonce() {
      return (nonce ??= crypto.randomBytes(16).toString("base64"));
    },
    crossOriginWrite: host !== null && isCrossOriginWrite(request, host),
    documentRequest: request.method === "GET" && !/[?&]_data=/.test(request.url ?? ""),
  };
  if (!SAFE_METHODS.has(request.method ?? "GET")) {
    // Decided above, once: our own guard (assertWriteAccepted) answers a foreign Origin with a clear 403. Remix's built-in check of a page's form post compares
    // Origin with X-Forwarded-Host or Host whatever TRUST_PROXY says, and answers a mismatch with a bare 500 and an error in the log, so it is handed the
    // request without the Origin.
    delete request.headers.origin;
  }
  response.setHeader("X-Request-Id", context.requestId);
  logWhenFinished(request, response, context, route);
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("X-Frame-Options", "DENY");
  response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (isStaffPortal(route)) {
    // The staff portal stays out of search engines, every page and answer of it, and nothing of it (staff, leads) is kept by a browser or a proxy, unless an
    // answer says otherwise (the public image previews set their own caching). Decided by the route that answers, so `/ADMIN/leads` or `/%61dmin/leads` is the
    // portal too.
    response.setHeader("X-Robots-Tag", "noindex, nofollow");
    keepOutOfCaches(response);
  }
  if (isProduction && context.secure) {
    response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  const redirect = canonicalLocation(request, path, route);
  if (!redirect) context.pageCache = pageCacheTicket(request, sharedPageOf(route));
  noteArrival(request, { address, badHost: host === null, canonicalLocation: redirect, ready: context.pageCache?.versionRead });
  answerAtTheFrontDoor(server);
  enterRequestContext(context);
}

const globalForContext = globalThis as unknown as { __requestContextListening?: boolean };

/** Sees every request arrive from now on (once per process): called as the server starts. */
export function hookIntoRequests(): void {
  if (globalForContext.__requestContextListening) return;
  globalForContext.__requestContextListening = true;
  diagnostics.subscribe("http.server.request.start", onRequestStart);
}
