import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Substring search over a lead's company, names, email, phone (also without
 * spaces) and reference, through a trigram index: a search stays fast with a
 * hundred thousand leads.
 * - SQLite: an FTS5 trigram table, kept in step with `leads` by triggers.
 * - Postgres: the same text as a generated column of `leads` (`searchText`),
 *   with a pg_trgm GIN index that serves ILIKE '%...%'.
 */
const searchText = (row: "new" | "leads") =>
  sql.raw(
    [
      `coalesce(${row}.businessName, '')`,
      `coalesce(${row}.companyName, '')`,
      `${row}.firstName`,
      `${row}.lastName`,
      `${row}.email`,
      `${row}.phoneNumber`,
      `replace(${row}.phoneNumber, ' ', '')`,
      `${row}.reference`,
    ].join(" || ' ' || "),
  );

const postgresSearchText = sql.raw(
  [
    `coalesce("businessName", '')`,
    `coalesce("companyName", '')`,
    `"firstName"`,
    `"lastName"`,
    `email`,
    `"phoneNumber"`,
    `replace("phoneNumber", ' ', '')`,
    `reference`,
  ].join(" || ' ' || "),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`ALTER TABLE leads ADD COLUMN "searchText" text GENERATED ALWAYS AS (${postgresSearchText}) STORED`.execute(db);
    await sql`CREATE INDEX leads_search_text ON leads USING gin ("searchText" gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE leadSearch USING fts5(text, tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO leadSearch (rowid, text) SELECT id, ${searchText("leads")} FROM leads`.execute(db);
  await sql`CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
    INSERT INTO leadSearch (rowid, text) VALUES (new.id, ${searchText("new")});
  END`.execute(db);
  await sql`CREATE TRIGGER lead_search_update AFTER UPDATE OF businessName, companyName, firstName, lastName, email, phoneNumber, reference ON leads BEGIN
    UPDATE leadSearch SET text = ${searchText("new")} WHERE rowid = new.id;
  END`.execute(db);
  await sql`CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
    DELETE FROM leadSearch WHERE rowid = old.id;
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE leads DROP COLUMN "searchText"`.execute(db);
    return;
  }
  for (const trigger of ["lead_search_insert", "lead_search_update", "lead_search_delete"]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE leadSearch`.execute(db);
}
