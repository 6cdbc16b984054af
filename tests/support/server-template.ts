import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../../scripts/built-server.js";
import { TEST_OWNER_ENV } from "./owner";
import { onPostgresServer, postgresDatabaseUrl } from "./postgres-server";

/**
 * A database as a test server leaves it after its first start with TEST_OWNER_ENV: migrated, with
 * TEST_OWNER's account and password hash. Test servers started with TEST_OWNER_ENV on a fresh
 * DATA_DIR begin from a copy of it, so each start skips the migrations and the half second of
 * CPU that hashing the owner's password costs by design; what they then do at start-up (find the
 * owner there, start the outbox ...) is what a restarted server does.
 */
export interface ServerTemplate {
  /** The SQLite file to copy into a new DATA_DIR as `app.db`. */
  sqliteFile: string;
  /** Under `npm run test:postgres`: the database new test databases are created from. */
  postgresDatabase?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate;
  }
}

/** Starts the built server once on a new folder under `parent` (and a database), with TEST_OWNER_ENV, and stops it. */
async function startAndStop(parent: string, folderName: string, env: Record<string, string> = {}): Promise<string> {
  const dataDir = path.join(parent, folderName);
  fs.mkdirSync(dataDir);
  const server = await startBuiltServer({ ...TEST_OWNER_ENV, ...env }, { dataDir });
  await server.stop();
  return dataDir;
}

/** vitest's global setup for the projects that start servers: makes the templates, removes them after the run, or at once if making them fails. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const postgresName = postgresUrl ? `quotes_template_${project.name}_${process.pid}` : undefined;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-template-"));
  const remove = async () => {
    if (postgresUrl && postgresName) await onPostgresServer(postgresUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    const sqliteDir = await startAndStop(folder, "sqlite");
    // A clean stop checkpoints the log into the file: the template is that one file.
    if (fs.existsSync(path.join(sqliteDir, "app.db-wal"))) throw new Error(`The template server left ${sqliteDir}/app.db-wal: it did not stop cleanly`);
    const template: ServerTemplate = { sqliteFile: path.join(sqliteDir, "app.db") };
    if (postgresUrl && postgresName) {
      await onPostgresServer(postgresUrl, `CREATE DATABASE ${postgresName}`);
      await startAndStop(folder, "postgres", { DATABASE_URL: postgresDatabaseUrl(postgresUrl, postgresName) });
      template.postgresDatabase = postgresName;
    }
    project.provide("serverTemplate", template);
  } catch (error) {
    await remove();
    throw error;
  }
  return remove;
}
