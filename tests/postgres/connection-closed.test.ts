import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { startConnectionProxy, type ConnectionProxy } from "../support/connection-proxy";
import { removeTestData, startTestServer, testDatabaseKind, testPostgresDatabaseFor, type TestServer } from "../support/server";

// Postgres closes connections when it restarts or fails over, or when an administrator ends them:
// the server must carry on with new ones rather than stop, or report itself down (`npm run test:postgres` only).

const health = async (server: TestServer) => (await fetch(`${server.url}/healthz`)).status;

describe("when Postgres closes the server's connections", () => {
  let server: TestServer;
  beforeAll(async () => {
    expect(testDatabaseKind).toBe("postgres");
    server = await startTestServer(TEST_OWNER_ENV);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the server keeps answering with new connections and says what happened in its log", async () => {
    expect(await health(server)).toBe(200);
    const ended = await sql<{ pid: number }>`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
    `.execute(server.db);
    expect(ended.rows.length).toBeGreaterThan(0);

    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Postgres closed an idle connection/);
    // Answered by the same process: a server that had stopped could not.
    expect(await health(server)).toBe(200);
  });
});

describe("when the server's connections break before it hears of it (a failover's network)", () => {
  let server: TestServer;
  let proxy: ConnectionProxy;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-server-"));
  beforeAll(async () => {
    proxy = await startConnectionProxy(await testPostgresDatabaseFor(dataDir));
    server = await startTestServer({ ...TEST_OWNER_ENV, DATABASE_URL: proxy.url }, { dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await removeTestData(dataDir);
  });

  it("the health check still finds the database up, on a fresh connection", async () => {
    expect(await health(server)).toBe(200);
    // Every connection the pool holds is now dead, and the pool cannot know until it uses one.
    expect(proxy.breakAll()).toBeGreaterThan(0);

    // Answered at all: a connection breaking under a statement once stopped the whole server.
    expect(await health(server)).toBe(200);
    expect(server.output()).toMatch(/A read met a closed connection; trying again/);
    expect(proxy.open()).toBeGreaterThan(0);
  });
});
