import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { startTestServer, testDatabaseKind, type TestServer } from "../support/server";

// Postgres closes connections when it restarts or fails over, or when an administrator ends them:
// the server must carry on with new ones rather than stop (`npm run test:postgres` only).

let server: TestServer;
beforeAll(async () => {
  expect(testDatabaseKind).toBe("postgres");
  server = await startTestServer(TEST_OWNER_ENV);
});
afterAll(async () => {
  await server?.stop();
});

const health = async () => (await fetch(`${server.url}/healthz`)).status;

describe("when Postgres closes the server's connections", () => {
  it("the server keeps answering with new connections and says what happened in its log", async () => {
    expect(await health()).toBe(200);
    const ended = await sql<{ pid: number }>`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
    `.execute(server.db);
    expect(ended.rows.length).toBeGreaterThan(0);

    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Postgres closed an idle connection/);
    // Answered by the same process: a server that had stopped could not.
    expect(await health()).toBe(200);
  });
});
