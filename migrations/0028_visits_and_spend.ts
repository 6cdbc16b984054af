import { sql, type Kysely } from "kysely";
import { autoIdColumn } from "./dialect";

/**
 * The Sources report's visits and spend (issue 41, docs/sources.md):
 * - `comparisonVisits`: how many visits reached the comparison per UK day
 *   and per source, medium and campaign (empty text for none, so the key
 *   holds no null). Counts only: nothing of a visitor is kept.
 * - `marketingSpend`: what staff spent in a month (YYYY-MM) on a source, or
 *   on one campaign of it (empty text: the source as a whole), in pence.
 *   One amount per month, source and campaign; a second save replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("comparisonVisits")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("medium", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("campaign", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("visits", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("comparison_visits_key", ["day", "source", "medium", "campaign"])
    .execute();
  await db.schema
    .createTable("marketingSpend")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("campaign", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("amountPence", "integer", (col) => col.notNull().check(sql`"amountPence" >= 0`))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("updatedById", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addUniqueConstraint("marketing_spend_month_source_campaign", ["month", "source", "campaign"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("marketingSpend").execute();
  await db.schema.dropTable("comparisonVisits").execute();
}
