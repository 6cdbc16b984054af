import SQLite from "better-sqlite3";
import path from "node:path";
import { expect, it } from "vitest";
import { useTempDataDir } from "../support/temp-data-dir";

/**
 * The server's SQLite transactions against another connection writing to the
 * same file (retention's own thread, `npm run retention`): a transaction that
 * reads and then writes must not fail because the other connection committed
 * in between. A deferred transaction would ("database is locked", at once,
 * without waiting); the server's begin IMMEDIATE, holding the write lock from
 * the start, so the other connection waits instead.
 */

const dataDir = useTempDataDir("sqlite-transactions");

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/platform/db.server");

const run = (actorName: string) => ({
  mode: "apply" as const,
  trigger: "operator" as const,
  actorName,
  asOf: "2031-01-01T00:00:00.000Z",
  startedAt: "2031-01-01T00:00:00.000Z",
});

it("a transaction that reads and then writes commits, whatever another connection writes in between", async () => {
  const db = await getDb();
  const other = new SQLite(path.join(dataDir, "app.db"));
  // The other connection does not wait: while the server's transaction holds the lock, its write is refused at once.
  other.pragma("busy_timeout = 0");
  let otherWrote = true;
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("retentionRuns").select("id").execute();
      expect(before).toEqual([]);
      try {
        other
          .prepare("INSERT INTO retentionRuns (mode, trigger, actorName, asOf, startedAt) VALUES (@mode, @trigger, @actorName, @asOf, @startedAt)")
          .run(run("Other"));
      } catch (refused) {
        expect(String(refused)).toMatch(/database is locked/);
        otherWrote = false;
      }
      await trx.insertInto("retentionRuns").values(run("Server")).execute();
    });
  } finally {
    other.close();
  }
  expect(otherWrote).toBe(false);
  expect((await db.selectFrom("retentionRuns").select("actorName").execute()).map((row) => row.actorName)).toEqual(["Server"]);
});
