import { sql, type Kysely } from "kysely";

/**
 * One number that changes whenever what the public pages show from the database
 * (testimonials and stock images) changes, however it changed: the page cache and
 * the public loaders' memory compare it on every request, so a staff change shows
 * on the very next page view, on every server that shares this database.
 */
const WATCHED_TABLES = ["testimonials", "stockImages"] as const;
const EVENTS = ["INSERT", "UPDATE", "DELETE"] as const;

const triggerName = (table: string, event: string) => `${table}_${event.toLowerCase()}_public_content`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("publicContentVersion")
    .addColumn("id", "integer", (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (column) => column.notNull())
    .execute();
  await sql`INSERT INTO publicContentVersion (id, version) VALUES (1, 1)`.execute(db);
  for (const table of WATCHED_TABLES) {
    for (const event of EVENTS) {
      await sql`CREATE TRIGGER ${sql.raw(triggerName(table, event))} AFTER ${sql.raw(event)} ON ${sql.raw(table)} BEGIN
        UPDATE publicContentVersion SET version = version + 1 WHERE id = 1;
      END`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED_TABLES) {
    for (const event of EVENTS) await sql`DROP TRIGGER ${sql.raw(triggerName(table, event))}`.execute(db);
  }
  await db.schema.dropTable("publicContentVersion").execute();
}
