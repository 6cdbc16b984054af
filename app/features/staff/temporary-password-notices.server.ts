import crypto from "node:crypto";
import type { NewUserInvite } from "./admin-users";
import { getDb } from "~/platform/db.server";
import { sessionKey } from "./sessions.server";

/**
 * A temporary password just handed out (Add user, Reset password) is shown once on the Users screen, to the session of the super admin who made it and to no
 * other session or browser: it waits here, on that session's row, for NOTICE_MINUTES at most, and is deleted as it is shown (or with the session). It is sealed
 * (AES-256-GCM) with a key drawn from the session id, which only that browser's cookie carries, so the database alone never yields it.
 */
export const NOTICE_MINUTES = 5;

function sealingKey(sessionId: string): Buffer {
  return crypto.createHmac("sha256", sessionId).update("temporary-password-notice").digest();
}

function seal(sessionId: string, notice: NewUserInvite): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(sessionId), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(notice), "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

function unseal(sessionId: string, sealed: string): NewUserInvite | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(sessionId), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8")) as NewUserInvite;
  } catch {
    return null; // not sealed for this session: nothing to show
  }
}

/** Keeps the notice for the session's next view of the Users screen; a newer one replaces it. */
export async function holdTemporaryPasswordNotice(sessionId: string, notice: NewUserInvite): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  const sealed = seal(sessionId, notice);
  const expiresAt = new Date(now + NOTICE_MINUTES * 60_000).toISOString();
  await db
    .insertInto("temporaryPasswordNotices")
    .values({ sessionId: sessionKey(sessionId), sealed, expiresAt })
    .onConflict((oc) => oc.column("sessionId").doUpdateSet({ sealed, expiresAt }))
    .execute();
  // Notices nobody came back for are swept as new ones are kept.
  await db.deleteFrom("temporaryPasswordNotices").where("expiresAt", "<", new Date(now).toISOString()).execute();
}

/** The session's waiting notice, deleted as it is read (so it is shown once), or null. */
export async function takeTemporaryPasswordNotice(sessionId: string): Promise<NewUserInvite | null> {
  const db = await getDb();
  const row = await db
    .deleteFrom("temporaryPasswordNotices")
    .where("sessionId", "=", sessionKey(sessionId))
    .returning(["sealed", "expiresAt"])
    .executeTakeFirst();
  if (!row || Date.parse(row.expiresAt) <= Date.now()) return null;
  return unseal(sessionId, row.sealed);
}
