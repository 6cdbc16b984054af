import crypto from "node:crypto";
import { getDb, nowIso } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";

/**
 * Staff sessions are rows (shared by every machine on one database). A session
 * ends after SESSION_IDLE_MINUTES without a request, on sign-out, and when its
 * user is deactivated (the rows are deleted). The cookie that carries a
 * session's id is route-actions/session.server.ts's.
 */

const idleMs = () => env.SESSION_IDLE_MINUTES * 60_000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** A new session for the user; its id is a secret (the cookie holds it, signed). */
export async function startSession(adminUserId: string): Promise<string> {
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

/** The user id of a live session, or null (an expired one is deleted); keeps a live session alive. */
export async function liveSessionUserId(sessionId: string): Promise<string | null> {
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

export async function endSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}
