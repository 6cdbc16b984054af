import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { postgresTypes } from "~/platform/postgres-types";
import { dataRequestDueOn, type DataRequestKind, type DataRequestStatus } from "~/features/privacy/data-protection";
import type { Database } from "~/platform/database-types";
import { migrations } from "../../migrations";
import { seedLeadRows } from "../../bench/seed-leads.js";
import { testDatabaseKind, testPostgresDatabaseFor } from "./server";
import type { NewLeadRow } from "~/features/leads/lead-tables";

/**
 * What tests do to a test server's database directly, on SQLite and on Postgres
 * alike (`npm test` and `npm run test:postgres` run the same tests).
 */

/** An entry in the request register, straight into the database: due a month after it was received, open, handled by nobody yet. */
export async function insertDataRequest(
  db: Kysely<Database>,
  entry: { contact: string; contactKey?: string; kind?: DataRequestKind; receivedOn?: string; status?: DataRequestStatus; notes?: string | null },
): Promise<number> {
  const now = new Date().toISOString();
  const receivedOn = entry.receivedOn ?? now.slice(0, 10);
  const status = entry.status ?? "open";
  const row = await db
    .insertInto("dataRequests")
    .values({
      kind: entry.kind ?? "access",
      receivedOn,
      dueOn: dataRequestDueOn(receivedOn),
      status,
      contact: entry.contact,
      contactKey: entry.contactKey ?? `seeded-${entry.contact}`,
      notes: entry.notes ?? null,
      handledBy: null,
      handledByName: null,
      closedOn: status === "open" ? null : receivedOn,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The database a server started on `dataDir` will use (its SQLite file, or its Postgres database), migrated only as
 * far as `migration`: rows written to it are as an earlier version of the product wrote them, and the server
 * migrates the rest as it starts. Destroy it before starting the server.
 */
export async function databaseMigratedTo(dataDir: string, migration: keyof typeof migrations): Promise<Kysely<Database>> {
  const db =
    testDatabaseKind === "postgres"
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: await testPostgresDatabaseFor(dataDir), max: 1, types: postgresTypes(pg.types) }),
          }),
        })
      : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, "app.db")) }) });
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(migration);
  if (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Realistic leads (bench/seed-leads.js), straight into the database. */
export async function seedTestLeads(db: Kysely<Database>, count: number, options: { startNumber?: number } = {}): Promise<void> {
  const rows = seedLeadRows(count, options) as unknown as NewLeadRow[];
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("leads")
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export interface RefusedWrites {
  table: "leads" | "testimonials";
  event: "INSERT" | "UPDATE" | "DELETE";
  /** The error the database gives, as a real fault would (a full disk, a lock). */
  message: string;
  /** Only rows with this email are refused (leads; not with DELETE). */
  email?: string;
}

/**
 * Makes the database refuse writes to a table, as a failing disk would, until
 * the returned function is called: a trigger that raises an error.
 */
export async function refuseWrites(db: Kysely<Database>, refusal: RefusedWrites): Promise<() => Promise<void>> {
  const name = `refuse_${refusal.table}_${refusal.event.toLowerCase()}`;
  if (testDatabaseKind === "postgres") {
    const condition = refusal.email ? sql`WHEN (NEW.email = ${sql.lit(refusal.email)})` : sql``;
    await sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION ${sql.lit(refusal.message)}; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE ${sql.raw(refusal.event)} ON ${sql.table(refusal.table)}
      FOR EACH ROW ${condition} EXECUTE FUNCTION ${sql.raw(name)}()`.execute(db);
    return async () => {
      await sql`DROP TRIGGER ${sql.raw(name)} ON ${sql.table(refusal.table)}`.execute(db);
      await sql`DROP FUNCTION ${sql.raw(name)}()`.execute(db);
    };
  }
  const condition = refusal.email ? sql`WHEN new.email = ${sql.lit(refusal.email)}` : sql``;
  await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE ${sql.raw(refusal.event)} ON ${sql.table(refusal.table)} ${condition}
    BEGIN SELECT RAISE(ABORT, ${sql.lit(refusal.message)}); END`.execute(db);
  return async () => {
    await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  };
}

/** The product's own tables (not the migrator's, nor SQLite's search index internals). */
export async function productTableNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } =
    testDatabaseKind === "postgres"
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%' ORDER BY table_name`.execute(db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'leadSearch%' ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

/** The leads the staff search's index (migration 0005) finds for `text`, by id. */
export async function leadSearchMatches(db: Kysely<Database>, text: string): Promise<number[]> {
  const { rows } =
    testDatabaseKind === "postgres"
      ? await sql<{ id: number }>`SELECT id FROM leads WHERE "searchText" ILIKE ${`%${text}%`} ORDER BY id`.execute(db)
      : await sql<{ id: number }>`SELECT rowid AS id FROM leadSearch WHERE leadSearch MATCH ${`"${text.replaceAll('"', '""')}"`} ORDER BY rowid`.execute(db);
  return rows.map((row) => row.id);
}

/** A newsletter sign-up confirmed at `now` from the About page, as a row to insert. */
export const confirmedSignupRow = (email: string, now: string) => ({
  email,
  firstName: null,
  lastName: null,
  sourcePage: "/about",
  createdAt: now,
  updatedAt: now,
  confirmedAt: now,
});
