import { sql, type Kysely } from "kysely";

/**
 * Staff sessions kept so that reading the database signs nobody in:
 * - `sessions.id` now holds the SHA-256 (hex) of the session id; only the
 *   browser's cookie carries the id itself. Rows written before hold the bare
 *   id and cannot be told apart, so they are deleted: everyone signed in is
 *   signed out once, at this deploy, and signs in again.
 * - `temporaryPasswordNotices`: a temporary password just handed out (Add
 *   user, Reset password), waiting to be shown once to the session of the
 *   super admin who made it; sealed with a key drawn from that session's id,
 *   which the database never holds. It goes with its session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM ${sql.table("sessions")}`.execute(db);
  await db.schema
    .createTable("temporaryPasswordNotices")
    .addColumn("sessionId", "text", (col) => col.primaryKey().references("sessions.id").onDelete("cascade"))
    .addColumn("sealed", "text", (col) => col.notNull())
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("temporary_password_notices_expires_at").on("temporaryPasswordNotices").column("expiresAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("temporaryPasswordNotices").execute();
  // Hashed ids would never match a cookie again: those sessions end.
  await sql`DELETE FROM ${sql.table("sessions")}`.execute(db);
}
