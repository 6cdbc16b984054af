import type { Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * The public forms' rate-limit windows, shared by every machine of a fleet
 * (Postgres), so a client cannot multiply its allowance by the number of
 * machines. SQLite serves one machine: its windows stay in that process's memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable("rateLimitWindows")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("resetsAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_windows_resets_at").on("rateLimitWindows").column("resetsAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable("rateLimitWindows").execute();
}
