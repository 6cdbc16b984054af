import { createCookie, type CookieOptions } from "@remix-run/node";
import { COOKIE_NAMES } from "~/platform/site-cookies";
import { env } from "~/platform/env.server";
import { endSession, liveSessionUserId } from "./sessions.server";
import { requestContext } from "~/platform/request-store.server";

/**
 * The staff session cookie: only a signed session id (the session itself is a row, models/sessions.server.ts). Over HTTPS it is `__Host-session`: the prefix
 * makes browsers take it only when Secure, for Path=/ and without a Domain, so no other site on a neighbouring subdomain and no plain-HTTP page can plant or
 * overwrite it. Over plain HTTP (a developer's own computer) a `__Host-` cookie could not be set at all, so it keeps the plain name there.
 */
const settings: CookieOptions = { httpOnly: true, sameSite: "lax", path: "/", secrets: [env.SESSION_SECRET] };
const plainSessionCookie = createCookie(COOKIE_NAMES.session, settings);
const secureSessionCookie = createCookie(COOKIE_NAMES.secureSession, { ...settings, secure: true });

/** This request's session cookie: which one is decided as for every cookie (request-context.server.ts's `secure`). */
function sessionCookie() {
  return requestContext().secure ? secureSessionCookie : plainSessionCookie;
}

export async function sessionCookieHeader(sessionId: string): Promise<string> {
  return sessionCookie().serialize(sessionId);
}

export async function clearSessionCookieHeader(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** The id in this request's session cookie (signed), or null. Over HTTPS only the `__Host-` cookie counts. */
export async function sessionIdFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The signed-in admin user's id for this request, or null; keeps a live session alive. */
export async function activeSessionUserId(request: Request): Promise<string | null> {
  const sessionId = await sessionIdFrom(request);
  return sessionId ? liveSessionUserId(sessionId) : null;
}

export async function destroySession(request: Request): Promise<void> {
  const sessionId = await sessionIdFrom(request);
  if (sessionId) await endSession(sessionId);
}
