import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "~/services/database-types";
import { startBuiltServer, type ServerExit } from "../../scripts/built-server.js";

export interface TestServer {
  /** Base URL of the running server, without a trailing slash. */
  url: string;
  /** The server process, for checks from outside it (its memory, its exit). */
  pid: number;
  dataDir: string;
  /** A connection to the server's own SQLite file, for arranging and checking data. */
  db: Kysely<Database>;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves when the server process has exited, however. */
  exited: Promise<ServerExit>;
  /** Sends a signal (SIGTERM, SIGKILL ...) and resolves when the server has exited. */
  kill(signal: NodeJS.Signals): Promise<ServerExit>;
  /** Stops the server and closes `db`; removes DATA_DIR unless it was given to `startTestServer`. */
  stop(): Promise<void>;
}

/**
 * The real production build (`npm run build` first) on a free port with a
 * fresh DATA_DIR, or `options.dataDir` to start again on an earlier server's
 * data. Rate limits are high unless a test sets RATE_LIMIT_MAX.
 */
export async function startTestServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<TestServer> {
  const server = await startBuiltServer(env, options);
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(path.join(server.dataDir, "app.db"));
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    await server.stop();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    url: server.url,
    pid: server.pid,
    dataDir: server.dataDir,
    db,
    output: server.output,
    exited: server.exited,
    kill: server.kill,
    async stop() {
      await db.destroy();
      await server.stop();
    },
  };
}
