import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";

/** The lists of app/features/leads/consent.ts; a landed migration keeps its own copy of a list. */
const PURPOSES = ["marketing_email"];
const WITHDRAWN_HOW = ["unsubscribe_link", "one_click", "staff"];
const SUPPRESSION_KINDS = ["email", "phone"];
const SUPPRESSION_REASONS = ["unsubscribed", "objected", "erased"];

function oneOf(column: string, values: string[]) {
  return sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/** Text compared without case (citext on Postgres, NOCASE on SQLite), as 0001 does for emails. */
function caseInsensitiveText(
  db: Kysely<unknown>,
  build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
): ["text" | RawBuilder<unknown>, (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? [sql`citext`, build] : ["text", (column) => build(column).modifyEnd(sql`COLLATE NOCASE`)];
}

/**
 * Consent and marketing (PECR) and the suppression list:
 * - `consentRecords`: one row per consent given (who, where, the exact wording
 *   and its version, when) and its withdrawal. Kept when the lead or sign-up it
 *   came from is removed (the link is set to null): the record is the proof.
 * - `suppressions`: addresses and phone numbers never to be contacted again,
 *   as a keyed hash only (app/platform/suppression.server.ts), never the plain value.
 * - `newsletterSignups` gains double opt-in: a sign-up is a subscriber only once
 *   confirmed. The confirmation token is kept as a SHA-256 hash. Sign-ups made
 *   before double opt-in existed are counted confirmed at their sign-up date:
 *   they asked to subscribe through the same form, as the product worked then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("consentRecords")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("email", ...caseInsensitiveText(db, (col) => col.notNull()))
    .addColumn("leadId", "integer", (col) => col.references("leads.id").onDelete("set null"))
    .addColumn("newsletterSignupId", "integer", (col) => col.references("newsletterSignups.id").onDelete("set null"))
    .addColumn("purpose", "text", (col) => col.notNull().check(oneOf("purpose", PURPOSES)))
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("wording", "text", (col) => col.notNull())
    .addColumn("wordingVersion", "text", (col) => col.notNull())
    .addColumn("givenAt", "text", (col) => col.notNull())
    .addColumn("withdrawnAt", "text")
    .addColumn("withdrawnHow", "text", (col) => col.check(oneOf("withdrawnHow", WITHDRAWN_HOW)))
    .execute();
  await db.schema.createIndex("consent_records_email").on("consentRecords").column("email").execute();
  await db.schema.createIndex("consent_records_lead").on("consentRecords").column("leadId").execute();
  await db.schema.createIndex("consent_records_newsletter_signup").on("consentRecords").column("newsletterSignupId").execute();

  await db.schema
    .createTable("suppressions")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("hash", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(oneOf("kind", SUPPRESSION_KINDS)))
    .addColumn("reason", "text", (col) => col.notNull().check(oneOf("reason", SUPPRESSION_REASONS)))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();

  await db.schema.alterTable("newsletterSignups").addColumn("confirmedAt", "text").execute();
  await db.schema.alterTable("newsletterSignups").addColumn("confirmationTokenHash", "text").execute();
  await db.schema.alterTable("newsletterSignups").addColumn("confirmationExpiresAt", "text").execute();
  await db.schema.alterTable("newsletterSignups").addColumn("unsubscribedAt", "text").execute();
  await db.schema.createIndex("newsletter_signups_confirmation_token").on("newsletterSignups").column("confirmationTokenHash").unique().execute();
  await db
    .updateTable("newsletterSignups" as never)
    .set({ confirmedAt: sql.ref("createdAt") } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("newsletter_signups_confirmation_token").execute();
  for (const column of ["unsubscribedAt", "confirmationExpiresAt", "confirmationTokenHash", "confirmedAt"]) {
    await db.schema.alterTable("newsletterSignups").dropColumn(column).execute();
  }
  await db.schema.dropTable("suppressions").execute();
  await db.schema.dropTable("consentRecords").execute();
}
