import type { Kysely } from "kysely";
import { autoIdColumn } from "./dialect";

/** Every change staff make in the portal: who, what, which record, when. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auditLog")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("actorId", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addColumn("actorName", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("entityType", "text", (col) => col.notNull())
    .addColumn("entityId", "text")
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("auditLog").columns(["createdAt desc", "id desc"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auditLog").execute();
}
