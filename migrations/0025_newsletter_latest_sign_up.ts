import { sql, type Kysely } from "kysely";

/**
 * `newsletterSignups.lastSignedUpAt`: when the address last signed up (its first sign-up, or a
 * later one while still unconfirmed). An unconfirmed sign-up is kept for NEWSLETTER_UNCONFIRMED_DAYS
 * from it, as long as the confirmation link sent then works, rather than from the first sign-up
 * (`createdAt`). Existing rows take `updatedAt` while pending (only a new sign-up wrote it) and
 * `createdAt` otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletterSignups").addColumn("lastSignedUpAt", "text").execute();
  await sql`UPDATE ${sql.table("newsletterSignups")}
    SET ${sql.ref("lastSignedUpAt")} = CASE
      WHEN ${sql.ref("confirmedAt")} IS NULL AND ${sql.ref("unsubscribedAt")} IS NULL THEN ${sql.ref("updatedAt")}
      ELSE ${sql.ref("createdAt")}
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletterSignups").dropColumn("lastSignedUpAt").execute();
}
