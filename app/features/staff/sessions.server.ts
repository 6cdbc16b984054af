import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import { getDb, nowIso } from "~/platform/db.server";

/**
 * Staff sessions are rows (shared by every machine on one database). A session ends after SESSION_IDLE_MS without a request, SESSION_MAX_MS after sign-in
 * however busy, on sign-out, and when its user is deactivated or changes their password (the rows are deleted). Rows are keyed by the SHA-256 of the session
 * id, so a copy of the table (a backup, a read-only leak) signs nobody in; the cookie that carries the id is session.server.ts's.
 */

/** A staff session ends after this long without a request (a working day's pause) ... */
export const SESSION_IDLE_MS = 8 * 3_600_000;
/** ... and this long after sign-in however busy (a long working day). */
export const SESSION_MAX_MS = 12 * 3_600_000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function sessionKey(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("hex");
}

/** Idle time from now, but never past the session's absolute end. */
function expiryFrom(createdAtMs: number, nowMs: number): string {
  return new Date(Math.min(nowMs + SESSION_IDLE_MS, createdAtMs + SESSION_MAX_MS)).toISOString();
}

/**
 * A new session for the user; its id is a secret, returned for the cookie alone (the row keeps its hash). `db` lets a change start one in its own transaction
 * (a password change replaces the session).
 */
export async function startSession(adminUserId: string, db?: Kysely<Database> | Transaction<Database>): Promise<string> {
  const database = db ?? (await getDb());
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  await database
    .insertInto("sessions")
    .values({ id: sessionKey(id), adminUserId, createdAt: nowText, lastSeenAt: nowText, expiresAt: expiryFrom(now, now) })
    .execute();
  // Expired sessions of anyone are swept as new ones start.
  await database.deleteFrom("sessions").where("expiresAt", "<", nowText).execute();
  return id;
}

/** The user id of a live session, or null (an expired one is deleted); keeps a live session alive. */
export async function liveSessionUserId(sessionId: string): Promise<string | null> {
  const db = await getDb();
  const key = sessionKey(sessionId);
  const session = await db.selectFrom("sessions").selectAll().where("id", "=", key).executeTakeFirst();
  if (!session) return null;
  const now = Date.now();
  const createdAt = Date.parse(session.createdAt);
  // The absolute end is checked as well as expiresAt: a row written under a longer limit still ends on time.
  if (Date.parse(session.expiresAt) <= now || createdAt + SESSION_MAX_MS <= now) {
    await db.deleteFrom("sessions").where("id", "=", key).execute();
    return null;
  }
  if (now - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: nowIso(), expiresAt: expiryFrom(createdAt, now) })
      .where("id", "=", key)
      .execute();
  }
  return session.adminUserId;
}

export async function endSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("sessions").where("id", "=", sessionKey(sessionId)).execute();
}
