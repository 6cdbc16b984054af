import { sql, type Kysely } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";

/** The statuses of app/features/quotes/quotes.ts (QUOTE_STATUSES); a landed migration keeps its own copy of a list. */
const STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired", "withdrawn", "superseded"];

/**
 * Quotes staff build from a lead:
 * - `quotes`: one row per version of a quote. Its lines (QuoteLine[], each
 *   catalogue tariff copied as a snapshot) are JSON text; `totals` is fixed
 *   when the quote is sent (a draft's are computed on read). `token` is the
 *   customer's unguessable link, made with the quote and answered publicly only
 *   once sent. Removing the lead removes its quotes; removing the staff member
 *   who made one keeps it.
 * - `leadActivity.kind` also takes 'quote', so the lead's timeline shows each
 *   quote change as such (SQLite changes a CHECK only by rebuilding the table,
 *   as migration 0014 did).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statuses = sql.join(STATUSES.map((status) => sql.lit(status)));
  await db.schema
    .createTable("quotes")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("leadId", "integer", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("supersedesQuoteId", "integer", (col) => col.references("quotes.id").onDelete("set null"))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("draft")
        .check(sql`status IN (${statuses})`),
    )
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("lines", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("totals", "text")
    .addColumn("start", "text", (col) => col.notNull())
    .addColumn("customerNote", "text")
    .addColumn("internalMemo", "text")
    .addColumn("validUntil", "text", (col) => col.notNull())
    .addColumn("termsVersion", "text", (col) => col.notNull())
    .addColumn("termsText", "text", (col) => col.notNull())
    .addColumn("createdBy", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("sentAt", "text")
    .addColumn("firstViewedAt", "text")
    .addColumn("lastViewedAt", "text")
    .addColumn("viewCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("acceptedAt", "text")
    .addColumn("acceptedName", "text")
    .addColumn("acceptedRole", "text")
    .addColumn("acceptedIp", "text")
    .addColumn("acceptedUserAgent", "text")
    .addColumn("acceptedContentHash", "text")
    .addColumn("declinedAt", "text")
    .addColumn("declineReason", "text")
    .addColumn("withdrawnAt", "text")
    .addUniqueConstraint("quotes_lead_version", ["leadId", "version"])
    .execute();
  await db.schema.createIndex("quotes_status_valid_until").on("quotes").columns(["status", "validUntil"]).execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
    await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN ('note', 'status', 'assignment', 'quote'))`.execute(db);
    return;
  }
  await rebuildSqliteLeadActivity(db, ["note", "status", "assignment", "quote"]);
}

async function rebuildSqliteLeadActivity(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  const allowed = sql.join(kinds.map((kind) => sql.lit(kind)));
  await sql`CREATE TABLE leadActivityNew (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    leadId INTEGER NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN (${allowed})),
    actorId TEXT REFERENCES adminUsers(id) ON DELETE SET NULL,
    actorName TEXT NOT NULL,
    body TEXT NOT NULL,
    createdAt TEXT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO leadActivityNew (id, leadId, kind, actorId, actorName, body, createdAt)
    SELECT id, leadId, kind, actorId, actorName, body, createdAt FROM leadActivity`.execute(db);
  await sql`DROP TABLE leadActivity`.execute(db);
  await sql`ALTER TABLE leadActivityNew RENAME TO leadActivity`.execute(db);
  await sql`CREATE INDEX lead_activity_lead ON leadActivity (leadId, createdAt)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quotes").execute();
  if (isPostgres(db)) {
    await sql`DELETE FROM "leadActivity" WHERE kind = 'quote'`.execute(db);
    await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
    await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN ('note', 'status', 'assignment'))`.execute(db);
    return;
  }
  await sql`DELETE FROM leadActivity WHERE kind = 'quote'`.execute(db);
  await rebuildSqliteLeadActivity(db, ["note", "status", "assignment"]);
}
