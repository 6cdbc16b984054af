import { createCookie } from "@remix-run/node";
import { COOKIE_NAMES } from "~/lib/site-cookies";
import { cookieOptions } from "~/infrastructure/cookies.server";
import { env } from "~/infrastructure/env.server";
import { endSession, liveSessionUserId } from "~/models/sessions.server";

/** The `__session` cookie: only a signed session id (the session itself is a row, models/sessions.server.ts). */
const sessionCookie = createCookie(COOKIE_NAMES.session, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env.SESSION_SECRET],
});

export async function sessionCookieHeader(sessionId: string): Promise<string> {
  return sessionCookie.serialize(sessionId, cookieOptions());
}

export async function clearSessionCookieHeader(): Promise<string> {
  return sessionCookie.serialize("", { ...cookieOptions(), maxAge: 0 });
}

/** The id in this request's session cookie (signed), or null. */
export async function sessionIdFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
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
