import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Lead follow-up:
 * - `leads.assignedTo`: the staff member who owns the lead (null: unassigned);
 *   a removed user's leads become unassigned. Indexed as the list is ordered,
 *   so "Assigned to me" and "Unassigned" pages read straight off the index.
 * - `leads.phoneKey`: the phone number's last ten digits, whatever the spacing or
 *   +44/0 prefix, for spotting possible duplicates; computed by SQLite itself.
 *   Email is matched ignoring case through its own index.
 * - `leadActivity.kind` also takes 'assignment' (SQLite changes a CHECK only by
 *   rebuilding the table; nothing references leadActivity, so it is copied across).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`ALTER TABLE leads ADD COLUMN assignedTo TEXT REFERENCES adminUsers(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX leads_assigned_newest ON leads (assignedTo, createdAt DESC, id DESC)`.execute(db);

  const digits = sql.raw(`replace(replace(replace(replace(replace(replace(phoneNumber, ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`);
  await sql`ALTER TABLE leads ADD COLUMN phoneKey TEXT GENERATED ALWAYS AS (substr(${digits}, -10)) VIRTUAL`.execute(db);
  await sql`CREATE INDEX leads_phone_key ON leads (phoneKey, createdAt)`.execute(db);
  await sql`CREATE INDEX leads_email_nocase ON leads (email COLLATE NOCASE, createdAt)`.execute(db);

  await sql`CREATE TABLE leadActivityNew (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    leadId INTEGER NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('note', 'status', 'assignment')),
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

/** The same on Postgres: a stored generated column, email matched through lower(), the CHECK replaced in place. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE leads ADD COLUMN "assignedTo" text REFERENCES "adminUsers"(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX leads_assigned_newest ON leads ("assignedTo", "createdAt" DESC, id DESC)`.execute(db);

  const digits = sql.raw(`replace(replace(replace(replace(replace(replace("phoneNumber", ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`);
  await sql`ALTER TABLE leads ADD COLUMN "phoneKey" text GENERATED ALWAYS AS (right(${digits}, 10)) STORED`.execute(db);
  await sql`CREATE INDEX leads_phone_key ON leads ("phoneKey", "createdAt")`.execute(db);
  await sql`CREATE INDEX leads_email_nocase ON leads (lower(email), "createdAt")`.execute(db);

  await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
  await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN ('note', 'status', 'assignment'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DELETE FROM "leadActivity" WHERE kind = 'assignment'`.execute(db);
    await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
    await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN ('note', 'status'))`.execute(db);
    await sql`DROP INDEX leads_email_nocase`.execute(db);
    await sql`DROP INDEX leads_phone_key`.execute(db);
    await sql`ALTER TABLE leads DROP COLUMN "phoneKey"`.execute(db);
    await sql`DROP INDEX leads_assigned_newest`.execute(db);
    await sql`ALTER TABLE leads DROP COLUMN "assignedTo"`.execute(db);
    return;
  }
  await sql`DELETE FROM leadActivity WHERE kind = 'assignment'`.execute(db);
  await sql`DROP INDEX leads_email_nocase`.execute(db);
  await sql`DROP INDEX leads_phone_key`.execute(db);
  await sql`ALTER TABLE leads DROP COLUMN phoneKey`.execute(db);
  await sql`DROP INDEX leads_assigned_newest`.execute(db);
  await sql`ALTER TABLE leads DROP COLUMN assignedTo`.execute(db);
}
