import fs from "node:fs";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
} from "kysely";
import { migrations } from "../../migrations";
import type { Database } from "./database-types";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { recordQuery } from "./metrics.server";
import { postgresTypes } from "./postgres-types";

/** Connections each machine keeps open to Postgres: Fly's smallest Postgres takes a few dozen, shared by two machines and the backups. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * The database: one SQLite file in DATA_DIR (the default, one machine), or the Postgres server DATABASE_URL names (a fleet of machines sharing it). Opened once
 * per process and migrated to the latest schema before the first query.
 */

export type DatabaseKind = "sqlite" | "postgres";
export const databaseKind: DatabaseKind = env.DATABASE_URL ? "postgres" : "sqlite";

export const databaseFile = path.join(env.DATA_DIR, "app.db");

/**
 * SQLite's transactions begin IMMEDIATE: each takes the write lock as it begins, waiting for it (busy_timeout) while another connection holds it. A deferred
 * one that reads and then writes fails at once ("database is locked", no waiting) when another connection committed in between, and other connections do write:
 * retention's own thread (retention-thread.server.ts) and the operators' `npm run retention`. This server's transactions already run one at a time on its one
 * connection, so taking the lock at the start costs them nothing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

function openDialect(): { dialect: Dialect; sqlite?: SQLite.Database } {
  if (env.DATABASE_URL) {
    // pg is loaded with the first query rather than as the server starts: a server on SQLite never needs it.
    const pool = async () => {
      const { default: pg } = await import("pg");
      const pool = new pg.Pool({
        connectionString: env.DATABASE_URL,
        max: POSTGRES_POOL_SIZE,
        types: postgresTypes(pg.types),
        // Idle connections do not hold the process up once it is stopping.
        allowExitOnIdle: true,
      });
      // Postgres may close an idle connection (restart, failover, administrator): the pool drops it, opens another; unheard, its error would stop the server.
      pool.on("error", (error) => {
        logger.warn(
          { event: "database.connection_closed", error: error.message },
          `Postgres closed an idle connection (${error.message}); the next query opens another`,
        );
      });
      // A connection breaking mid-statement fails the statement (its caller reports it) and raises an error event, which unheard would stop the server.
      pool.on("connect", (client) => client.on("error", () => {}));
      return pool;
    };
    return { dialect: new PostgresDialect({ pool }) };
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const sqlite = new SQLite(databaseFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Deleted and changed rows are overwritten, not left in free pages: an erased person's details must not stay in the file (docs/privacy-operations.md).
  sqlite.pragma("secure_delete = ON");
  // With WAL, NORMAL loses no commit when the process dies (even by SIGKILL); only a power cut or OS crash could undo the last commits (README, "Durability").
  sqlite.pragma("synchronous = NORMAL");
  // No close at exit: better-sqlite3 closes each database as the process exits, folding the WAL into app.db (tests/server/graceful-stop.test.ts checks it).
  return { dialect: new ImmediateSqliteDialect({ database: sqlite }), sqlite };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // On Postgres the migrator holds an advisory lock, so machines starting together migrate one at a time.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error")
      logger.error({ event: "database.migration_failed", migration: result.migrationName }, `Migration ${result.migrationName} failed`);
    else if (result.status === "Success")
      logger.info({ event: "database.migration_applied", migration: result.migrationName }, `Migration ${result.migrationName} applied`);
  }
  if (error) throw error;
}

// Kept on globalThis so the dev server's rebuilds reuse the connection.
const globalForDb = globalThis as unknown as {
  __database?: Promise<Kysely<Database>>;
  __migratedDatabase?: Kysely<Database>;
  __migratedSqlite?: SQLite.Database;
};

/** The migrated database. Every model awaits this; it opens and migrates once. */
export function getDb(): Promise<Kysely<Database>> {
  globalForDb.__database ??= (async () => {
    const { dialect, sqlite } = openDialect();
    const db = new Kysely<Database>({
      dialect,
      // Statement times for /metrics, by kind of statement.
      log: (event) => recordQuery(event.query.sql, event.queryDurationMillis),
    });
    await migrateToLatest(db);
    globalForDb.__migratedDatabase = db;
    globalForDb.__migratedSqlite = sqlite;
    return db;
  })();
  return globalForDb.__database;
}

/** The database once open and migrated, for code that must not wait; undefined before. */
export function migratedDatabase(): Kysely<Database> | undefined {
  return globalForDb.__migratedDatabase;
}

/**
 * The migrated SQLite connection itself, for the few reads that must not wait (checked on every public page view before any handler runs) and for backups;
 * undefined until `getDb()` has opened and migrated it, and on Postgres.
 */
export function migratedSqlite(): SQLite.Database | undefined {
  return globalForDb.__migratedSqlite;
}

/**
 * Empties SQLite's write-ahead log into the database file and truncates it, after a change whose old values must leave the files on disk (an erasure, a
 * retention run). Until then the log holds a copy of every page each transaction wrote, including copies written before the change, or by an earlier batch of
 * it, that still hold what it removed; and the database file keeps each page's old copy until a checkpoint overwrites it. secure_delete clears only what a
 * change frees in the newest copy of a page, and SQLite's own checkpoints never shorten the log. Runs on the calling thread's own connection (the server's,
 * retention's thread's or `npm run retention`'s), waiting (busy_timeout) for readers of an older snapshot; one still open after that keeps the log from
 * emptying, which is logged: the next erasure or retention run empties it. Nothing on Postgres.
 */
export function emptySqliteLog(): void {
  const sqlite = migratedSqlite();
  if (!sqlite) return;
  const [result] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>;
  if (result?.busy) {
    logger.warn(
      { event: "database.log_not_emptied" },
      "The write-ahead log could not be emptied: a reader was open; the next erasure or retention run empties it",
    );
  }
}

/**
 * A read a change is decided on, locked until the change's transaction ends. SQLite runs one write transaction at a time, so it needs nothing; on Postgres,
 * `FOR UPDATE` makes a second change of the same rows wait for the first and read them again after it.
 */
export function forChange<Q extends { forUpdate(): Q }>(query: Q): Q {
  return databaseKind === "postgres" ? query.forUpdate() : query;
}

/** Whether a write failed on a unique column (or primary key) of `table`, in either database. */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  const { code, message, constraint, detail } = error as { code?: string; message?: string; constraint?: string; detail?: string };
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return Boolean(message?.includes(`${table}.${column}`));
  // Postgres: unique_violation, named by its constraint or index, with the key in its detail.
  if (code === "23505") return Boolean(detail?.includes(`("${column}")`) || detail?.includes(`(${column})`) || constraint?.includes(column));
  return false;
}

/** Whether a statement failed as its connection was gone: Postgres ended it (restart, failover, administrator: 57P0), the link broke (08), a socket closed. */
export function isLostConnection(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code && (/^57P0[123]$/.test(code) || code.startsWith("08") || code === "ECONNRESET" || code === "EPIPE")) return true;
  return /Connection terminated|not queryable/i.test(message ?? "");
}

/**
 * A read that can safely run twice, tried again while it fails on a lost connection. A pool can hand out connections Postgres closed before this process heard
 * of it; each failure drops one, so the pool's size plus one tries always reach a fresh connection when Postgres is there.
 */
export async function readAgainOnLostConnection<T>(read: () => Promise<T>): Promise<T> {
  const tries = databaseKind === "postgres" ? POSTGRES_POOL_SIZE + 1 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= tries || !isLostConnection(error)) throw error;
      logger.warn({ event: "database.read_again", attempt, error: (error as Error).message }, "A read met a closed connection; trying again");
      // The close that failed this read has reached the socket: a moment lets the pool hear of it.
      await pause(10);
    }
  }
}

/** Now as ISO-8601 UTC text, the one timestamp format in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}
