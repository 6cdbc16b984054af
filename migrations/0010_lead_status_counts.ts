import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * How many leads have each status, kept by triggers, so the leads screen's
 * summary cards and its pager read five rows instead of counting a hundred
 * thousand leads on every view. Each lead insert adds one small upsert.
 *
 * And the status filter's index ordered exactly as the list is (newest first,
 * then highest id), so a filtered page is read straight off the index
 * without sorting; it replaces the (status, createdAt) index, so inserts
 * keep the same number of indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`CREATE TABLE leadStatusCounts (
    status TEXT PRIMARY KEY,
    count INTEGER NOT NULL CHECK (count >= 0)
  ) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO leadStatusCounts (status, count) SELECT status, count(*) FROM leads GROUP BY status`.execute(db);
  // An upsert, so a status added later counts without a migration of its own.
  await sql`CREATE TRIGGER lead_status_counts_insert AFTER INSERT ON leads BEGIN
    INSERT INTO leadStatusCounts (status, count) VALUES (new.status, 1)
      ON CONFLICT (status) DO UPDATE SET count = count + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER lead_status_counts_update AFTER UPDATE OF status ON leads WHEN old.status IS NOT new.status BEGIN
    UPDATE leadStatusCounts SET count = count - 1 WHERE status = old.status;
    INSERT INTO leadStatusCounts (status, count) VALUES (new.status, 1)
      ON CONFLICT (status) DO UPDATE SET count = count + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER lead_status_counts_delete AFTER DELETE ON leads BEGIN
    UPDATE leadStatusCounts SET count = count - 1 WHERE status = old.status;
  END`.execute(db);

  await sql`DROP INDEX leads_status_created_at`.execute(db);
  await sql`CREATE INDEX leads_status_newest ON leads (status, createdAt DESC, id DESC)`.execute(db);
}

/** The same on Postgres: one trigger function for the three events. */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE "leadStatusCounts" (
    status text PRIMARY KEY,
    count integer NOT NULL CHECK (count >= 0)
  )`.execute(db);
  await sql`INSERT INTO "leadStatusCounts" (status, count) SELECT status, count(*) FROM leads GROUP BY status`.execute(db);
  await sql`CREATE FUNCTION lead_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE "leadStatusCounts" SET count = count - 1 WHERE status = OLD.status;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO "leadStatusCounts" (status, count) VALUES (NEW.status, 1)
          ON CONFLICT (status) DO UPDATE SET count = "leadStatusCounts".count + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER lead_status_counts_insert AFTER INSERT ON leads FOR EACH ROW EXECUTE FUNCTION lead_status_counts()`.execute(db);
  await sql`CREATE TRIGGER lead_status_counts_update AFTER UPDATE OF status ON leads
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION lead_status_counts()`.execute(db);
  await sql`CREATE TRIGGER lead_status_counts_delete AFTER DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lead_status_counts()`.execute(db);

  await sql`DROP INDEX leads_status_created_at`.execute(db);
  await sql`CREATE INDEX leads_status_newest ON leads (status, "createdAt" DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX leads_status_newest`.execute(db);
    await sql`CREATE INDEX leads_status_created_at ON leads (status, "createdAt" DESC)`.execute(db);
    for (const trigger of ["lead_status_counts_insert", "lead_status_counts_update", "lead_status_counts_delete"]) {
      await sql`DROP TRIGGER ${sql.raw(trigger)} ON leads`.execute(db);
    }
    await sql`DROP FUNCTION lead_status_counts()`.execute(db);
    await sql`DROP TABLE "leadStatusCounts"`.execute(db);
    return;
  }
  await sql`DROP INDEX leads_status_newest`.execute(db);
  await sql`CREATE INDEX leads_status_created_at ON leads (status, createdAt DESC)`.execute(db);
  for (const trigger of ["lead_status_counts_insert", "lead_status_counts_update", "lead_status_counts_delete"]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE leadStatusCounts`.execute(db);
}
