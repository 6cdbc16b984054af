import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../../scripts/built-server.js";
import { TEST_OWNER_ENV } from "./owner";

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

async function onPostgresServer(postgresUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(postgresUrl: string, name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts the built server once on `dataDir` (and a database), with TEST_OWNER_ENV, and stops it. */
async function startAndStop(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const server = await startBuiltServer({ ...TEST_OWNER_ENV, ...env }, { dataDir });
  await server.stop();
}

/** vitest's global setup for the projects that start servers: makes the templates, removes them after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-template-"));
  const sqliteDir = path.join(folder, "sqlite");
  fs.mkdirSync(sqliteDir);
  await startAndStop(sqliteDir);
  const template: ServerTemplate = { sqliteFile: path.join(sqliteDir, "app.db") };

  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (postgresUrl) {
    const name = `quotes_template_${project.name}_${process.pid}`;
    await onPostgresServer(postgresUrl, `CREATE DATABASE ${name}`);
    const postgresDir = path.join(folder, "postgres");
    fs.mkdirSync(postgresDir);
    await startAndStop(postgresDir, { DATABASE_URL: databaseUrl(postgresUrl, name) });
    template.postgresDatabase = name;
  }
  project.provide("serverTemplate", template);

  return async () => {
    if (postgresUrl && template.postgresDatabase) await onPostgresServer(postgresUrl, `DROP DATABASE IF EXISTS ${template.postgresDatabase} WITH (FORCE)`);
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
