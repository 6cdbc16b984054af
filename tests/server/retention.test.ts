import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RETENTION_KINDS, RETENTION_KIND_LABELS } from "~/features/privacy/data-protection";
import { createAdminUserRow, signIn } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { seedTestLeads } from "../support/database";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { DUE_OF_RETENTION_CASES, everyTableRow, monthsBefore, seedRetentionCases } from "../support/retention";
import { runScript } from "../support/scripts";
import { seedQuoteLead } from "../support/seeded-quotes";
import { removeTestData, startTestServer, testDatabaseKind, testPostgresDatabaseFor, type TestServer, type TestServerOptions } from "../support/server";
import { NEWSLETTER_UNCONFIRMED_DAYS } from "~/features/inbox";

/**
 * Retention running by itself inside the server (daily), and
 * `npm run retention` for operators (a dry run may look ahead with --as-of),
 * and what an applied run leaves in the database files.
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

async function server(env: Record<string, string>, dataDir: string, options: TestServerOptions = {}): Promise<TestServer> {
  const made = await startTestServer(env, { dataDir, ...options });
  started.push(made);
  return made;
}

describe("the daily schedule inside the server", () => {
  it("runs retention shortly after start-up as the System, anonymising a lead idle past LEAD_RETENTION_MONTHS; off when a test turns it off", async () => {
    const dataDir = tempFolder();
    const first = await server({}, dataDir);
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
    // Off: the server plans no run at all (the Retention tab says so), and none ran while it was up.
    const offScreen = await (await (await staffClient(first, "admin")).get("/admin/data-protection")).text();
    expect(offScreen).toContain("The server does not run retention on its own.");
    expect(offScreen).not.toContain("Next scheduled run:");
    expect(await first.db.selectFrom("retentionRuns").selectAll().execute()).toEqual([]);
    expect((await first.kill("SIGTERM")).code).toBe(0);

    // Its first run a moment after start-up, not the app's five seconds.
    const second = await server({}, dataDir, { tuning: { retentionRunHours: 24, retentionStartDelaySeconds: 0.2 } });
    expect(await (await (await staffClient(second, "admin")).get("/admin/data-protection")).text()).toContain("Next scheduled run:");
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

describe("an apply run on SQLite, on a thread of its own", () => {
  it("goes on beside the server's requests; stopped with the server, it ends after its batch and records exactly what it did", async () => {
    const dataDir = tempFolder();
    const live = await server({}, dataDir, { sqliteOnly: true });
    const admin = { email: "ada.admin@example.co.uk", password: "a-long-admin-password" };
    await createAdminUserRow(live.db, { ...admin, role: "admin", firstName: "Ada", lastName: "Admin" });
    const LEADS = 3_000;
    await seedTestLeads(live.db, LEADS);
    await live.db.updateTable("leads").set({ updatedAt: "2020-01-01T00:00:00.000Z", status: "lost" }).execute();
    const cookie = await signIn(live, admin.email, admin.password);
    const anonymised = async () =>
      Number(
        (
          await live.db
            .selectFrom("leads")
            .select((eb) => eb.fn.countAll().as("count"))
            .where("anonymisedAt", "is not", null)
            .executeTakeFirstOrThrow()
        ).count,
      );

    // "Run now"; its answer comes once the run ends or after a few seconds, whichever is first.
    const runNow = fetch(`${live.url}/admin/data-protection/run`, { method: "POST", headers: { Cookie: cookie, Origin: live.url }, redirect: "manual" });
    await expect.poll(anonymised, { timeout: 30_000 }).toBeGreaterThan(0);
    // The server's own requests run meanwhile, reads and writes: its thread is not the run's.
    expect((await fetch(`${live.url}/admin/leads`, { headers: { Cookie: cookie } })).status).toBe(200);
    const ARRIVING = 5;
    for (let arriving = 0; arriving < ARRIVING; arriving += 1) {
      const submitted = await publicClient(live).postJson("/api/quote-requests", SAMPLE_QUOTE);
      expect(submitted.status).toBe(201);
    }
    // Holding SQLite's write lock keeps the run from finishing before the server is told to stop, however fast the machine.
    const lock = new SQLite(path.join(dataDir, "app.db"));
    lock.pragma("busy_timeout = 5000");
    lock.prepare("BEGIN IMMEDIATE").run();
    const exited = live.kill("SIGTERM");
    // Released once the server has told the run to stop (the run waits meanwhile, well within its busy timeout).
    await expect.poll(() => live.output()).toContain('"event":"retention.stopping"');
    lock.prepare("ROLLBACK").run();
    lock.close();
    expect((await exited).code).toBe(0);
    expect((await runNow).status).toBe(302);

    expect(live.output()).toContain('"event":"retention.thread_started"');
    const run = await live.db.selectFrom("retentionRuns").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ mode: "apply", actorName: "Ada Admin", error: "Stopped with the server before it finished", finishedAt: expect.any(String) });
    const done = await anonymised();
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(LEADS);
    // The counts were told batch by batch: the run's record says exactly how many it anonymised.
    expect(JSON.parse(run.counts!)).toMatchObject({ leads: done });
    const stillHeld = await live.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("email", "!=", "")
      .executeTakeFirstOrThrow();
    // The leads not reached yet, and those that arrived during the run.
    expect(Number(stillHeld.count)).toBe(LEADS - done + ARRIVING);
  });
});

describe("npm run retention", () => {
  // Today, midnight UTC: --apply runs as of today or an earlier day, never a later one.
  const TODAY = new Date().toISOString().slice(0, 10);
  const AS_OF = new Date(`${TODAY}T00:00:00.000Z`);
  const TOMORROW = new Date(AS_OF.getTime() + 24 * 60 * 60_000).toISOString().slice(0, 10);
  const SECRET = { SESSION_SECRET: "retention-test-session-secret-0123456789" };

  /** A stopped server's data folder with every retention case as of AS_OF; the command's environment for it. */
  async function seededDataFolder() {
    const dataDir = tempFolder();
    const live = await server({}, dataDir);
    const cases = await seedRetentionCases(live.db, AS_OF);
    expect((await live.kill("SIGTERM")).code).toBe(0);
    const env = { DATA_DIR: dataDir, ...SECRET, ...(testDatabaseKind === "postgres" ? { DATABASE_URL: await testPostgresDatabaseFor(dataDir) } : {}) };
    return { db: live.db, cases, env };
  }

  /** The command's counts by kind, as printed: "  Leads anonymised (...): 1". */
  function printedCounts(output: string): Record<string, number> {
    return Object.fromEntries(
      RETENTION_KINDS.map((kind) => {
        const line = output.split("\n").find((text) => text.startsWith(`  ${RETENTION_KIND_LABELS[kind]}: `));
        return [kind, line === undefined ? NaN : Number(line.slice(line.lastIndexOf(" ") + 1))];
      }),
    );
  }

  it("with wrong arguments says why and how to use it, and exits 2", async () => {
    const result = await runScript("retention", [], { DATA_DIR: tempFolder() });
    expect(result.code).toBe(2);
    expect(result.output).toContain("Usage: npm run retention -- --dry-run | --apply [--as-of YYYY-MM-DD]");
    const badDay = await runScript("retention", ["--apply", "--as-of", "2031-02-30"], { DATA_DIR: tempFolder(), ...SECRET });
    expect(badDay.code).toBe(2);
    expect(badDay.output).toContain('--as-of needs a day as YYYY-MM-DD, not "2031-02-30".');
  });

  it("--apply with a later --as-of is refused and changes nothing; a dry run may look ahead", async () => {
    const { db, cases, env } = await seededDataFolder();
    const before = await everyTableRow(db);

    const refused = await runScript("retention", ["--apply", "--as-of", TOMORROW], env);
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toContain(`--as-of ${TOMORROW} is after today: a later day is for --dry-run only; --apply runs as of today.`);
    // Not even a run recorded; staff stay signed in, nobody is anonymised.
    expect(await everyTableRow(db)).toEqual(before);
    expect((await db.selectFrom("sessions").select("id").where("id", "=", cases.liveSession).execute()).length).toBe(1);

    const ahead = await runScript("retention", ["--dry-run", "--as-of", "2040-01-01"], env);
    expect(ahead.code, ahead.output).toBe(0);
    expect(ahead.output).toContain("Retention dry run #1 as of 2040-01-01 (nothing changed; what a run would do):");
    // The session still live today has expired by then.
    expect(printedCounts(ahead.output).sessions).toBe(2);
  });

  it("--dry-run prints what is due and changes nothing; --apply then does exactly the counts it printed, kind by kind", async () => {
    const { db, cases, env } = await seededDataFolder();
    const before = await everyTableRow(db);
    const dryRun = await runScript("retention", ["--dry-run", "--as-of", TODAY], env);
    expect(dryRun.code, dryRun.output).toBe(0);
    expect(dryRun.output).toContain(`Retention dry run #1 as of ${TODAY} (nothing changed; what a run would do):`);
    // Every kind has something due; the lead, enquiry and sign-up due also have sent copies and an old audit entry.
    expect(printedCounts(dryRun.output)).toEqual(DUE_OF_RETENTION_CASES);
    const afterDryRun = await everyTableRow(db);
    // Only the run's own record and its audit entry are new.
    for (const table of Object.keys(before)) {
      if (table === "retentionRuns" || table === "auditLog") continue;
      expect(afterDryRun[table], table).toEqual(before[table]);
    }
    expect(afterDryRun.auditLog!.filter((row) => !before.auditLog!.includes(row))).toEqual([expect.stringContaining('"action":"retention.run"')]);

    const statusCounts = await db.selectFrom("leadStatusCounts").selectAll().orderBy("status").execute();
    const applied = await runScript("retention", ["--apply", "--as-of", TODAY], env);
    expect(applied.code, applied.output).toBe(0);
    expect(applied.output).toContain(`Retention run #2 as of ${TODAY}:`);
    expect(printedCounts(applied.output)).toEqual(printedCounts(dryRun.output));

    const leads = await db.selectFrom("leads").select(["id", "anonymisedAt"]).where("anonymisedAt", "is not", null).orderBy("id").execute();
    expect(leads.map((lead) => lead.id)).toEqual([cases.idleLead, cases.oldCustomer, cases.convertedLead].sort((a, b) => a - b));
    // The dashboard's figures stay.
    expect(await db.selectFrom("leadStatusCounts").selectAll().orderBy("status").execute()).toEqual(statusCounts);
    const signups = await db.selectFrom("newsletterSignups").select("id").orderBy("id").execute();
    expect(signups.map((signup) => signup.id)).toEqual([cases.recentUnconfirmed, cases.unsubscribed]);
    const outbox = await db.selectFrom("outbox").select("id").orderBy("id").execute();
    expect(outbox.map((row) => row.id)).toEqual([cases.recentDelivered, cases.oldFailed]);
    const runs = await db.selectFrom("retentionRuns").select(["mode", "trigger", "actorName", "error"]).orderBy("id").execute();
    expect(runs).toEqual([
      { mode: "dry_run", trigger: "operator", actorName: "Operator", error: null },
      { mode: "apply", trigger: "operator", actorName: "Operator", error: null },
    ]);

    // A second run finds nothing left.
    const again = await runScript("retention", ["--dry-run", "--as-of", TODAY], env);
    expect(Object.values(printedCounts(again.output))).toEqual(RETENTION_KINDS.map(() => 0));
  });
});

describe("what an applied run leaves in the SQLite files", () => {
  interface Person {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    businessName: string;
  }
  const person = (firstName: string, lastName: string, phoneNumber: string): Person => ({
    firstName,
    lastName,
    email: `${firstName}.${lastName}@${lastName}works.co.uk`.toLowerCase(),
    phoneNumber,
    businessName: `${lastName} Works`,
  });
  /** Idle for 25 months: anonymised by the run. */
  const IDLE = [person("Morwenna", "Trevithickson", "07700 900731"), person("Eilidh", "Macquarrie", "07700 900846")];
  /** Asked for a quote today: kept, so the check is seen to find what is there. */
  const KEPT = person("Tamsin", "Pengellyford", "07700 900592");

  /** What must not be found of an anonymised person: email, phone as typed and as digits, names, business. */
  const traces = (someone: Person) => [
    someone.email,
    someone.phoneNumber,
    someone.phoneNumber.replace(/\D/g, ""),
    someone.firstName,
    someone.lastName,
    someone.businessName,
  ];

  /** The database file, its write-ahead log and the log's index, read whole as bytes (what a volume snapshot keeps), lower case. */
  function databaseFilesText(dataDir: string): string {
    return ["app.db", "app.db-wal", "app.db-shm"]
      .map((name) => path.join(dataDir, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file).toString("latin1").toLowerCase())
      .join("\n");
  }
  const found = (text: string, someone: Person) => traces(someone).filter((trace) => text.includes(trace.toLowerCase()));

  /** A running server holding the idle people (asked for quotes through the site, then 25 months idle) and the kept one. */
  async function serverWithIdleLeads(): Promise<{ live: TestServer; idleIds: number[] }> {
    const live = await server({}, tempFolder(), { sqliteOnly: true });
    const idleIds: number[] = [];
    for (const someone of [...IDLE, KEPT]) {
      const { id } = await submitQuoteRequest(live, { ...SAMPLE_QUOTE, ...someone });
      if (someone !== KEPT) idleIds.push(id);
    }
    // Aged as the server writes (secure_delete on): the arrangement leaves no copies of its own in the file.
    const writer = new SQLite(path.join(live.dataDir, "app.db"));
    writer.pragma("busy_timeout = 5000");
    writer.pragma("secure_delete = ON");
    const idleSince = monthsBefore(new Date(), 25);
    writer.prepare(`UPDATE leads SET createdAt = ?, updatedAt = ? WHERE id IN (${idleIds.map(() => "?").join(", ")})`).run(idleSince, idleSince, ...idleIds);
    writer.close();
    // Every trace is really in the files before: the check can see them.
    const before = databaseFilesText(live.dataDir);
    for (const someone of [...IDLE, KEPT]) expect(found(before, someone)).toEqual(traces(someone));
    return { live, idleIds };
  }

  async function expectOnlyTheKeptPersonInTheFiles(live: TestServer, idleIds: number[]) {
    const anonymised = await live.db.selectFrom("leads").select("id").where("anonymisedAt", "is not", null).orderBy("id").execute();
    expect(anonymised.map((lead) => lead.id)).toEqual(idleIds);
    const after = databaseFilesText(live.dataDir);
    for (const someone of IDLE) expect(found(after, someone), someone.email).toEqual([]);
    expect(found(after, KEPT)).toEqual(traces(KEPT));
  }

  it("npm run retention -- --apply beside the running server: none of the anonymised leads' details are left in app.db, app.db-wal or app.db-shm", async () => {
    const { live, idleIds } = await serverWithIdleLeads();
    const applied = await runScript("retention", ["--apply"], { DATA_DIR: live.dataDir, SESSION_SECRET: "retention-test-session-secret-0123456789" });
    expect(applied.code, applied.output).toBe(0);
    expect(applied.output).toContain("Leads anonymised (no activity, not customers): 2\n");
    await expectOnlyTheKeptPersonInTheFiles(live, idleIds);
  });

  it('"Run now" on the Data protection screen (a run on its own thread): none of them left either', async () => {
    const { live, idleIds } = await serverWithIdleLeads();
    const admin = await staffClient(live, "admin");
    expect((await admin.postForm("/admin/data-protection/run", {})).status).toBe(302);
    await expect
      .poll(async () =>
        (await live.db.selectFrom("retentionRuns").select(["finishedAt", "error"]).execute()).map((run) => [run.finishedAt !== null, run.error]),
      )
      .toEqual([[true, null]]);
    expect(live.output()).toContain('"event":"retention.thread_started"');
    await expectOnlyTheKeptPersonInTheFiles(live, idleIds);
  });
});

describe("the privacy page's retention periods", () => {
  it("come from the same settings as the retention job, cached page or not", async () => {
    const custom = await server({ LEAD_RETENTION_MONTHS: "36", CUSTOMER_RETENTION_YEARS: "7", ENQUIRY_RETENTION_MONTHS: "18" }, tempFolder());
    for (let view = 0; view < 2; view += 1) {
      const response = await fetch(`${custom.url}/privacy`);
      expect(response.status).toBe(200);
      const text = (await response.text()).replaceAll(/<!-- -->/g, "");
      expect(text).toContain("up to 3 years after our last contact with you");
      expect(text).toContain("for the length of your contract and 7 years afterwards");
      expect(text).toContain("up to 18 months after you sent your enquiry");
      expect(text).toContain(`a sign-up you do not confirm is deleted after ${NEWSLETTER_UNCONFIRMED_DAYS} days`);
    }
  });
});
