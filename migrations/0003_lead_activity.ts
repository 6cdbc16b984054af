import type { Kysely } from "kysely";
import { sql } from "kysely";
import { autoIdColumn } from "./dialect";

/** What staff did to a lead (notes, status changes): the lead's timeline. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leadActivity")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("leadId", "integer", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind IN ('note', 'status')`))
    .addColumn("actorId", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addColumn("actorName", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("lead_activity_lead").on("leadActivity").columns(["leadId", "createdAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leadActivity").execute();
}
