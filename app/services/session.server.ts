import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { COOKIE_NAMES } from "~/lib/site-cookies";
import { cookieOptions } from "./cookies.server";
import { getDb, nowIso } from "./db.server";
import { env } from "./env.server";

/**
 * Staff sessions are rows; the `__session` cookie holds only a signed id.
 * A session ends after SESSION_IDLE_MINUTES without a request, on sign-out,
 * and when its user is deactivated (the rows are deleted).
 */
const sessionCookie = createCookie(COOKIE_NAMES.session, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env.SESSION_SECRET],
});

const idleMs = () => env.SESSION_IDLE_MINUTES * 60_000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(adminUserId: string): Promise<string> {
  const db = await getDb();
  const id = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({ id, adminUserId, createdAt: now.toISOString(), lastSeenAt: now.toISOString(), expiresAt: new Date(now.getTime() + idleMs()).toISOString() })
    .execute();
  // Expired sessions of anyone are swept as new ones start.
  await db.deleteFrom("sessions").where("expiresAt", "<", now.toISOString()).execute();
  return id;
}

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
  if (!sessionId) return null;
  const db = await getDb();
  const session = await db.selectFrom("sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
  if (!session) return null;
  const now = Date.now();
  if (Date.parse(session.expiresAt) <= now) {
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    return null;
  }
  if (now - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: nowIso(), expiresAt: new Date(now + idleMs()).toISOString() })
      .where("id", "=", sessionId)
      .execute();
  }
  return session.adminUserId;
}

export async function destroySession(request: Request): Promise<void> {
  const sessionId = await sessionIdFrom(request);
  if (!sessionId) return;
  const db = await getDb();
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}
