import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

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
  await sql`INSERT INTO ${sql.table("publicContentVersion")} (id, version) VALUES (1, 1)`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION bump_public_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "publicContentVersion" SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
  }
  for (const table of WATCHED_TABLES) {
    for (const event of EVENTS) {
      if (isPostgres(db)) {
        await sql`CREATE TRIGGER ${sql.raw(triggerName(table, event))} AFTER ${sql.raw(event)} ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version()`.execute(db);
        continue;
      }
      await sql`CREATE TRIGGER ${sql.raw(triggerName(table, event))} AFTER ${sql.raw(event)} ON ${sql.raw(table)} BEGIN
        UPDATE publicContentVersion SET version = version + 1 WHERE id = 1;
      END`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED_TABLES) {
    for (const event of EVENTS) {
      await sql`DROP TRIGGER ${sql.raw(triggerName(table, event))}${isPostgres(db) ? sql` ON ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  if (isPostgres(db)) await sql`DROP FUNCTION bump_public_content_version()`.execute(db);
  await db.schema.dropTable("publicContentVersion").execute();
}
