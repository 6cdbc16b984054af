import { sql, type Kysely } from "kysely";
import { autoIdColumn } from "./dialect";

/**
 * The outbox: one row per delivery of something a stored row caused (the lead
 * webhook; emails later), written in the same transaction as that row, with its
 * attempts and next try, so a delivery survives restarts and failures.
 * A lead also records when its webhook delivery arrived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", ...autoIdColumn(db))
    // No CHECK on kind: a new kind (emails) must not need the table rebuilt. The code checks it.
    .addColumn("kind", "text", (col) => col.notNull())
    // The payload copies the lead's personal details: deleting the lead deletes its deliveries too.
    .addColumn("leadId", "integer", (col) => col.references("leads.id").onDelete("cascade"))
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    // When it may next be tried (or, while a try runs, when that try's claim runs out); null once delivered or given up.
    .addColumn("nextAttemptAt", "text")
    .addColumn("lastAttemptAt", "text")
    .addColumn("lastError", "text")
    .addColumn("deliveredAt", "text")
    .addColumn("failedAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("outbox_next_attempt").on("outbox").column("nextAttemptAt").where(sql.ref("nextAttemptAt"), "is not", null).execute();
  await db.schema.createIndex("outbox_failed").on("outbox").column("failedAt").where(sql.ref("failedAt"), "is not", null).execute();
  await db.schema.createIndex("outbox_lead").on("outbox").column("leadId").execute();

  await db.schema.alterTable("leads").addColumn("webhookDeliveredAt", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").dropColumn("webhookDeliveredAt").execute();
  await db.schema.dropTable("outbox").execute();
}
