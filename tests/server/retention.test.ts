import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { monthsBefore } from "../support/retention";
import { seedQuoteLead } from "../support/seeded-quotes";
import { removeTestData, startTestServer, type TestServer } from "../support/server";

/**
 * Retention running by itself inside the server (RETENTION_RUN_HOURS), and
 * `npm run retention` for operators, with the clock moved forward (--as-of).
 */

const started: TestServer[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const server of started.reverse()) await server.stop().catch(() => {});
  for (const folder of folders) await removeTestData(folder);
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "retention-test-"));
  folders.push(folder);
  return folder;
}

async function server(env: Record<string, string>, dataDir: string): Promise<TestServer> {
  const made = await startTestServer(env, { dataDir });
  started.push(made);
  return made;
}

describe("the daily schedule inside the server", () => {
  it("runs retention shortly after start-up as the System, anonymising a lead idle past LEAD_RETENTION_MONTHS; off with RETENTION_RUN_HOURS=0", async () => {
    const dataDir = tempFolder();
    const first = await server({ RETENTION_RUN_HOURS: "0" }, dataDir);
    const now = new Date();
    const idle = await seedQuoteLead(first.db, { businessName: "Long Idle Ltd", email: "long.idle@example.co.uk" });
    const recent = await seedQuoteLead(first.db, { businessName: "Still Talking Ltd", email: "still.talking@example.co.uk" });
    await first.db
      .updateTable("leads")
      .set({ updatedAt: monthsBefore(now, 25) })
      .where("id", "=", idle.id)
      .execute();
    await first.db
      .updateTable("leads")
      .set({ updatedAt: monthsBefore(now, 23) })
      .where("id", "=", recent.id)
      .execute();
    // Off: no run, however long the server has been up (its ready line is written after the schedule would start).
    expect(await first.db.selectFrom("retentionRuns").selectAll().execute()).toEqual([]);
    expect((await first.kill("SIGTERM")).code).toBe(0);

    const second = await server({}, dataDir);
    await expect
      .poll(async () =>
        (await second.db.selectFrom("retentionRuns").select(["mode", "trigger", "actorName", "finishedAt"]).execute()).map((run) => [
          run.trigger,
          run.finishedAt !== null,
        ]),
      )
      .toEqual([["schedule", true]]);
    const run = await second.db.selectFrom("retentionRuns").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ mode: "apply", actorName: "System", error: null });
    expect(JSON.parse(run.counts!)).toMatchObject({ leads: 1 });
    const leads = await second.db.selectFrom("leads").select(["id", "email", "anonymisedAt"]).orderBy("id").execute();
    expect(leads).toEqual([
      { id: idle.id, email: "", anonymisedAt: expect.any(String) },
      { id: recent.id, email: "still.talking@example.co.uk", anonymisedAt: null },
    ]);
    const audit = await second.db.selectFrom("auditLog").selectAll().where("action", "=", "retention.run").execute();
    expect(audit).toMatchObject([{ actorName: "System", entityType: "retentionRun", entityId: String(run.id) }]);
  });
});
