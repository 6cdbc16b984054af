import type { Kysely } from "kysely";

/**
 * Counts of quote confirmations queued per recipient and day, so that one
 * address is sent at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY of them whatever
 * machine stored the lead and across restarts. The address is stored as a hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("confirmationEmailCounts")
    .addColumn("recipientKey", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("confirmation_email_counts_pk", ["recipientKey", "day"])
    .execute();
  await db.schema.createIndex("confirmation_email_counts_day").on("confirmationEmailCounts").column("day").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("confirmationEmailCounts").execute();
}
