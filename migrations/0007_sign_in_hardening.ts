import type { Kysely } from "kysely";

/**
 * Sign-in that cannot be turned against its owner:
 * - `signInThrottle`: failed sign-ins counted per (account, client), and per
 *   account over all clients (clientKey "*"), so guessing is slowed without
 *   ever locking the owner out. Rows are keyed by the email as typed
 *   (lower-cased), whether or not such an account exists.
 * - `adminUsers.temporaryPasswordExpiresAt`: set while the password is one
 *   a super admin (or the first start) handed out; it must be changed at first
 *   sign-in and stops working at this time.
 * - The old account lock (`failedSignInCount`, `lockedUntil`) goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("signInThrottle")
    .addColumn("accountKey", "text", (col) => col.notNull())
    .addColumn("clientKey", "text", (col) => col.notNull())
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lastFailedAt", "text", (col) => col.notNull())
    .addColumn("blockedUntil", "text")
    .addPrimaryKeyConstraint("sign_in_throttle_key", ["accountKey", "clientKey"])
    .execute();
  await db.schema.createIndex("sign_in_throttle_last_failed_at").on("signInThrottle").column("lastFailedAt").execute();

  await db.schema.alterTable("adminUsers").addColumn("temporaryPasswordExpiresAt", "text").execute();
  await db.schema.alterTable("adminUsers").dropColumn("failedSignInCount").execute();
  await db.schema.alterTable("adminUsers").dropColumn("lockedUntil").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("adminUsers")
    .addColumn("failedSignInCount", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("adminUsers").addColumn("lockedUntil", "text").execute();
  await db.schema.alterTable("adminUsers").dropColumn("temporaryPasswordExpiresAt").execute();
  await db.schema.dropTable("signInThrottle").execute();
}
