import { sql, type Kysely } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";

/**
 * The tariff catalogue, and the deal a lead chose:
 * - `tariffs`: one row per tariff. Money is integer pence ex VAT. The lists
 *   (price rises, EU roaming, business extras, multi-line discount) are JSON
 *   text, read and written whole by app/features/tariffs/tariffs.server.ts. Network and
 *   service type are checked by the app's schema, not a CHECK, so their lists
 *   can grow without rebuilding the table.
 * - A tariff change bumps the public content version (migration 0011), so the
 *   comparison's cached pages and memory follow on every server at once.
 * - `leads.tariff` and `leads.tariffShortlist`: JSON snapshots of what the
 *   visitor saw (the deal they chose; up to three that fit their answers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tariffs")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("network", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("serviceType", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("draft")
        .check(sql`status IN ('draft', 'live', 'withdrawn')`),
    )
    .addColumn("monthlyPriceExVatPence", "integer", (col) => col.notNull())
    .addColumn("upfrontCostExVatPence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("termMonths", "integer", (col) => col.notNull())
    .addColumn("priceRises", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("dataGb", isPostgres(db) ? "double precision" : "real")
    .addColumn("minutes", "integer")
    .addColumn("texts", "integer")
    .addColumn("fiveG", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("euRoaming", "text", (col) => col.notNull())
    .addColumn("wifiCalling", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("businessExtras", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("multiLineDiscount", "text")
    .addColumn("minLines", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("maxLines", "integer", (col) => col.notNull().defaultTo(50))
    .addColumn("sourceUrl", "text")
    .addColumn("checkedOn", "text", (col) => col.notNull())
    .addColumn("isSample", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("tariffs_status_network").on("tariffs").columns(["status", "network"]).execute();
  await db.schema.createIndex("tariffs_checked_on").on("tariffs").column("checkedOn").execute();

  for (const event of ["INSERT", "UPDATE", "DELETE"]) {
    const trigger = sql.raw(`tariffs_${event.toLowerCase()}_public_content`);
    if (isPostgres(db)) {
      await sql`CREATE TRIGGER ${trigger} AFTER ${sql.raw(event)} ON ${sql.table("tariffs")}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version()`.execute(db);
    } else {
      await sql`CREATE TRIGGER ${trigger} AFTER ${sql.raw(event)} ON tariffs BEGIN
        UPDATE publicContentVersion SET version = version + 1 WHERE id = 1;
      END`.execute(db);
    }
  }

  await db.schema.alterTable("leads").addColumn("tariff", "text").execute();
  await db.schema.alterTable("leads").addColumn("tariffShortlist", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").dropColumn("tariffShortlist").execute();
  await db.schema.alterTable("leads").dropColumn("tariff").execute();
  await db.schema.dropTable("tariffs").execute();
}
