import { sql, type Kysely } from "kysely";

/**
 * The dashboard's follow-up figures:
 * - `leads.firstContactedAt`: when staff first moved a lead on from New (the
 *   response time); filled for earlier leads from their status history.
 * - `wizardFunnel`: how many answers reached each step of the quote wizard, per
 *   day, counted on the server from the step posts: no cookie, nothing personal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("firstContactedAt", "text").execute();
  await sql`UPDATE leads SET "firstContactedAt" = (
      SELECT min("createdAt") FROM "leadActivity" WHERE "leadActivity"."leadId" = leads.id AND "leadActivity".kind = 'status'
    ) WHERE status <> 'new'`.execute(db);
  await db.schema
    .createTable("wizardFunnel")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("step", "integer", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("wizard_funnel_day_step", ["day", "step"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("wizardFunnel").execute();
  await db.schema.alterTable("leads").dropColumn("firstContactedAt").execute();
}
