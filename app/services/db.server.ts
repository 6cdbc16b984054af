import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrations } from "../../migrations";
import type { Database } from "./database-types";
import { env } from "./env.server";
import { recordQuery } from "./metrics.server";

/**
 * One SQLite file in DATA_DIR, opened once per process and migrated to the
 * latest schema before the first query runs.
 */

export const databaseFile = path.join(env.DATA_DIR, "app.db");

function openDatabase(): { db: Kysely<Database>; sqlite: SQLite.Database } {
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const sqlite = new SQLite(databaseFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // With WAL, NORMAL loses nothing committed when the process dies (even by SIGKILL); only a
  // power cut or OS crash could undo the last commits. See README ("Stopping and durability").
  sqlite.pragma("synchronous = NORMAL");
  // No close at exit needed: better-sqlite3 closes every open database as the process exits,
  // which folds the write-ahead log back into app.db (tests/unit/graceful-stop.test.ts checks it).
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    // Statement times for /metrics, by kind of statement.
    log: (event) => recordQuery(event.query.sql, event.queryDurationMillis),
  });
  return { db, sqlite };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`Migration ${result.migrationName} failed`);
    else if (result.status === "Success") console.info(`Migration ${result.migrationName} applied`);
  }
  if (error) throw error;
}

// Kept on globalThis so the dev server's rebuilds reuse the connection.
const globalForDb = globalThis as unknown as { __database?: Promise<Kysely<Database>>; __migratedSqlite?: SQLite.Database };

/** The migrated database. Every model awaits this; it opens and migrates once. */
export function getDb(): Promise<Kysely<Database>> {
  globalForDb.__database ??= (async () => {
    const { db, sqlite } = openDatabase();
    await migrateToLatest(db);
    globalForDb.__migratedSqlite = sqlite;
    return db;
  })();
  return globalForDb.__database;
}

/**
 * The migrated SQLite connection itself, for the few reads that must not wait
 * (checked on every public page view before any handler runs); undefined until
 * `getDb()` has opened and migrated it.
 */
export function migratedSqlite(): SQLite.Database | undefined {
  return globalForDb.__migratedSqlite;
}

/** Now as ISO-8601 UTC text, the one timestamp format in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}
