import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { postgresTypes } from "~/platform/postgres-types";
import type { Database } from "~/platform/database-types";
import type { TuningName } from "~/platform/tuning.server";
import { COOKIE_NAMES } from "~/platform/site-cookies";
import { TEST_OWNER } from "./owner";
import { onPostgresServer, postgresDatabaseUrl } from "./postgres-server";
import { forSuite } from "./suite";
import { startBuiltServer, type BuiltServer, type ServerExit } from "../../scripts/built-server.js";
import type { ServerTemplate } from "./server-template";

/**
 * Set by `npm run test:postgres` (scripts/test-postgres.js): the throwaway Postgres
 * server every test server then uses, each with a database of its own.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL;
export const testDatabaseKind: "sqlite" | "postgres" = testPostgresUrl ? "postgres" : "sqlite";

/** The database a DATA_DIR's server uses on Postgres: one per data folder, so a restart finds its data. */
function databaseNameFor(dataDir: string): string {
  return `quotes_${crypto.createHash("sha256").update(dataDir).digest("hex").slice(0, 20)}`;
}

const databaseUrl = (name: string) => postgresDatabaseUrl(testPostgresUrl!, name);
const onTestPostgresServer = (statement: string) => onPostgresServer(testPostgresUrl!, statement);

/** Makes the data folder's database if it is not there yet (a restart, or a second machine, reuses it), as a copy of `template` if given. */
async function createTestDatabase(name: string, template?: string): Promise<void> {
  try {
    await onTestPostgresServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } catch (error) {
    // duplicate_database; or unique_violation when two servers of one fleet make it at the same moment.
    if (!["42P04", "23505"].includes((error as { code?: string }).code ?? "")) throw error;
  }
}

/** An empty Postgres database of the test server, named after `dataDir` as a server started on it would use. */
export async function testPostgresDatabaseFor(dataDir: string): Promise<string> {
  const name = databaseNameFor(dataDir);
  await createTestDatabase(name);
  return databaseUrl(name);
}

/**
 * Removes what servers started on a given `dataDir` leave behind (`stop()` leaves
 * a given folder to whoever made it): the folder, and on Postgres its database.
 */
export async function removeTestData(dataDir: string): Promise<void> {
  if (testPostgresUrl) await dropTestDatabase(databaseNameFor(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function dropTestDatabase(name: string): Promise<void> {
  await onTestPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export interface TestServer {
  /** Base URL of the running server, without a trailing slash. */
  url: string;
  /** The server process, for checks from outside it (its memory, its exit). */
  pid: number;
  dataDir: string;
  /** A connection to the server's own database (SQLite file or Postgres), for arranging and checking data. */
  db: Kysely<Database>;
  /** The staff session cookie's name: `__Host-session` when its APP_URL is https (every request is then secure), else `__session`. */
  sessionCookieName: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves when the server process has exited, however. */
  exited: Promise<ServerExit>;
  /** Sends a signal (SIGTERM, SIGKILL ...) and resolves when the server has exited. */
  kill(signal: NodeJS.Signals): Promise<ServerExit>;
  /** Stops the server and closes `db`; removes DATA_DIR unless it was given to `startTestServer`. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Start again on an earlier server's data folder (and, on Postgres, its database). */
  dataDir?: string;
  /** SQLite whatever the run: for what only exists on SQLite (backups of the database file). */
  sqliteOnly?: boolean;
  /** Modules loaded into the server before it starts (`--import`): a test's hold on part of its work. */
  imports?: string[];
  /** Tuning constants shortened for the test (a first retry after 0.2 s ...): app/platform/tuning.server.ts. */
  tuning?: Partial<Record<TuningName, number>>;
}

/**
 * The template a fresh server with TEST_OWNER_ENV starts from (tests/support/server-template.ts),
 * when this run made one: the database as such a server leaves it after its first start. Not for a
 * server hashing at another cost than the run's: it hashes the owner's password at its own.
 */
function templateFor(env: Record<string, string>, options: TestServerOptions): ServerTemplate | undefined {
  const ownerOnly = env.ADMIN_EMAIL === TEST_OWNER.email && env.ADMIN_PASSWORD === TEST_OWNER.password;
  return ownerOnly && !options.dataDir && options.tuning?.passwordHashCostLog2 === undefined ? inject("serverTemplate") : undefined;
}

/**
 * The real production build (`npm run build` first) on a free port with a
 * fresh DATA_DIR, or `options.dataDir` to start again on an earlier server's
 * data. Rate limits are high unless a test sets `tuning.rateLimitMax`.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  if (testPostgresUrl && !options.sqliteOnly) return startTestServerOnPostgres(env, options);
  const template = templateFor(env, options);
  const seededDir = template && fs.mkdtempSync(path.join(os.tmpdir(), "quotes-server-"));
  if (template && seededDir) fs.copyFileSync(template.sqliteFile, path.join(seededDir, "app.db"));
  const removeSeededDir = async () => {
    if (seededDir) fs.rmSync(seededDir, { recursive: true, force: true });
  };
  let server: BuiltServer;
  try {
    server = await startBuiltServer(env, seededDir ? { ...options, dataDir: seededDir } : options);
  } catch (error) {
    await removeSeededDir();
    throw error;
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(path.join(server.dataDir, "app.db"));
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    await server.stop();
    await removeSeededDir();
    throw error;
  }
  return testServer(server, env, new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), removeSeededDir);
}

/** The test server of the enclosing `describe` block (or file), started before its first test and stopped after its last. */
export function testServerForSuite(env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  return forSuite(
    () => startTestServer(env, options),
    (server) => server.stop(),
  );
}

/** The started server with its database connection; `afterStop` removes what it alone used. */
function testServer(server: BuiltServer, env: Record<string, string>, db: Kysely<Database>, afterStop?: () => Promise<void>): TestServer {
  return {
    url: server.url,
    sessionCookieName: env.APP_URL?.startsWith("https:") ? COOKIE_NAMES.secureSession : COOKIE_NAMES.session,
    pid: server.pid,
    dataDir: server.dataDir,
    db,
    output: server.output,
    exited: server.exited,
    kill: server.kill,
    async stop() {
      await db.destroy();
      await server.stop();
      await afterStop?.();
    },
  };
}

/**
 * The same on Postgres: the data folder still holds uploads and backups; the
 * database is named after it, made here and dropped when its first server stops.
 */
async function startTestServerOnPostgres(env: Record<string, string>, options: TestServerOptions): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "quotes-server-"));
  const ownsDatabase = !options.dataDir;
  const name = databaseNameFor(dataDir);
  await createTestDatabase(name, templateFor(env, options)?.postgresDatabase);
  const url = databaseUrl(name);
  const removeDatabase = async () => {
    if (!ownsDatabase) return;
    await dropTestDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server: BuiltServer;
  try {
    server = await startBuiltServer({ DATABASE_URL: url, ...env }, { dataDir, imports: options.imports, tuning: options.tuning });
  } catch (error) {
    await removeDatabase();
    throw error;
  }
  const pool = new pg.Pool({ connectionString: url, max: 4, types: postgresTypes(pg.types) });
  // The pool's end() returns before its connections have closed, so dropping the database just
  // after can reach one still closing (57P01): nothing uses it any more. Any other error stays loud.
  pool.on("error", (error) => {
    if ((error as { code?: string }).code !== "57P01") throw error;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return testServer(server, env, db, removeDatabase);
}
