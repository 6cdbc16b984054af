import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_QUOTE } from "../support/forms";
import { startS3Server, type TestS3Server } from "../support/s3";
import { runScript as script } from "../support/scripts";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/server";

// Backups: `npm run backup` while the server takes leads, `npm run restore` into a
// stopped data folder, pruning, the S3 target, the schedule inside the server.
const started: Array<{ stop(): Promise<void> }> = [];
const folders: string[] = [];
afterAll(async () => {
  for (const thing of started.reverse()) await thing.stop().catch(() => {});
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

// Backups copy the SQLite file; on Postgres they are the database provider's (docs/operations.md, Backups).
async function server(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const started_ = await startTestServer(env, { ...options, sqliteOnly: true });
  started.push(started_);
  return started_;
}

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  folders.push(folder);
  return folder;
}

async function postLead(target: TestServer, n: number): Promise<string | null> {
  const response = await fetch(`${target.url}/api/quote-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...SAMPLE_QUOTE, email: `load.${n}@example.co.uk`, businessName: `Backup Load ${n}` }),
  });
  if (response.status !== 201) return null;
  return ((await response.json()) as { reference: string }).reference;
}

describe("npm run backup and npm run restore", () => {
  it("copy the live database under write load; a restore has every lead acknowledged before the backup began", async () => {
    const live = await server({}, { dataDir: tempFolder() });
    const acknowledged: Array<{ reference: string; at: number }> = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const reference = await postLead(live, n++);
        if (reference) acknowledged.push({ reference, at: Date.now() });
      }
    })();
    // Some leads first, then the backup while leads keep arriving.
    await expect.poll(() => acknowledged.length).toBeGreaterThan(20);
    const backupStarted = Date.now();
    const backup = await script("backup", [], { DATA_DIR: live.dataDir });
    const countAfterBackup = acknowledged.length;
    await expect.poll(() => acknowledged.length).toBeGreaterThan(countAfterBackup + 5);
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    const [file] = fs.readdirSync(path.join(live.dataDir, "backups")).filter((name) => name.endsWith(".sqlite"));
    expect(backup.output).toContain(path.join(live.dataDir, "backups", file));

    // Restore needs the data folder stopped.
    const refused = await script("restore", ["latest"], { DATA_DIR: live.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^A server \(process \d+\) is running on .*: stop it first, then restore\.\n$/);
    await live.stop();

    const fresh = tempFolder();
    const restored = await script("restore", [path.join(live.dataDir, "backups", file)], { DATA_DIR: fresh });
    expect(restored.code, restored.output).toBe(0);
    const copy = new SQLite(path.join(fresh, "app.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set(copy.prepare("SELECT reference FROM leads").pluck().all() as string[]);
    copy.close();
    const before = acknowledged.filter((lead) => lead.at < backupStarted);
    expect(before.length).toBeGreaterThan(20);
    for (const lead of before) expect(stored.has(lead.reference), lead.reference).toBe(true);

    // A server starts on the restored folder and shows the same leads.
    const again = await server({}, { dataDir: fresh });
    const count = Number(
      (
        await again.db
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(count).toBe(stored.size);
  });

  it("keep only the newest (--keep), list them, and restore by name keeping the replaced database aside", async () => {
    const dataDir = tempFolder();
    const live = await server({}, { dataDir });
    await postLead(live, 1);
    await live.stop();
    for (let index = 0; index < 4; index++) expect((await script("backup", ["--keep", "2"], { DATA_DIR: dataDir })).code).toBe(0);
    const listed = await script("backup", ["--list"], { DATA_DIR: dataDir });
    const names = listed.output.trim().split("\n");
    expect(names).toHaveLength(2);
    expect(
      fs
        .readdirSync(path.join(dataDir, "backups"))
        .filter((name) => name.endsWith(".sqlite"))
        .sort()
        .reverse(),
    ).toEqual(names);

    const restored = await script("restore", [names[1]], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`Restored ${names[1]}`);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith("app.db.before-restore-"))).toBe(true);
  });

  it("answer a bad backup name or a missing database with a clear message and exit 1, never a stack trace", async () => {
    const empty = tempFolder();
    const noDatabase = await script("backup", [], { DATA_DIR: empty });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.output).toBe(`There is no database at ${path.join(empty, "app.db")} (is DATA_DIR right?)\n`);
    const badName = await script("restore", ["app-20200101T000000Z.sqlite"], { DATA_DIR: empty });
    expect(badName.code).toBe(1);
    expect(badName.output).toBe("No backup named app-20200101T000000Z.sqlite. There are no backups yet.\n");
    const badKeep = await script("backup", ["--keep", "none"], { DATA_DIR: empty });
    expect(badKeep.output).toBe("--keep must be a whole number from 1 to 1000\n");
    expect(fs.readdirSync(empty)).not.toContain("app.db");
  });

  it("refuse when the database is Postgres, pointing to its own backups", async () => {
    const empty = tempFolder();
    for (const command of ["backup", "restore"] as const) {
      const refused = await script(command, command === "restore" ? ["latest"] : [], {
        DATA_DIR: empty,
        DATABASE_URL: "postgres://app@db.internal:5432/quotes",
      });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/^DATABASE_URL is set, so the database is Postgres: .*pg_dump\.\n$/);
    }
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});

describe("backups to the S3 bucket", () => {
  let s3: TestS3Server;
  it("go under backups/ when BUCKET_NAME is set, and restore from there", async () => {
    s3 = await startS3Server("backups-test");
    started.push(s3);
    const dataDir = tempFolder();
    const live = await server(s3.env, { dataDir });
    const reference = await postLead(live, 7);
    const backup = await script("backup", [], { DATA_DIR: dataDir, ...s3.env });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up the database to s3:\/\/backups-test\/backups\/app-\d{8}T\d{9}Z\.sqlite \(\d+ bytes\)\./);
    expect(
      fs.existsSync(path.join(dataDir, "backups")) ? fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.endsWith(".sqlite")) : [],
    ).toEqual([]);
    await live.stop();

    const fresh = tempFolder();
    const restored = await script("restore", ["latest"], { DATA_DIR: fresh, ...s3.env });
    expect(restored.code, restored.output).toBe(0);
    const copy = new SQLite(path.join(fresh, "app.db"), { readonly: true });
    expect(copy.prepare("SELECT count(*) FROM leads WHERE reference = ?").pluck().get(reference)).toBe(1);
    copy.close();
  });
});

describe("the schedule inside the server", () => {
  it("makes a backup on its schedule while serving, keeping the newest", async () => {
    // 0.0005 hours: every 1.8 seconds.
    const live = await server({}, { tuning: { backupIntervalHours: 0.0005, backupKeep: 3 } });
    await postLead(live, 1);
    const backups = () =>
      fs.existsSync(path.join(live.dataDir, "backups")) ? fs.readdirSync(path.join(live.dataDir, "backups")).filter((name) => name.endsWith(".sqlite")) : [];
    await expect.poll(backups, { timeout: 60_000 }).toHaveLength(3);
    expect(live.output()).toMatch(/Backed up the database to .*backups\/app-\d{8}T\d{9}Z\.sqlite/);
    const copy = new SQLite(path.join(live.dataDir, "backups", backups()[0]), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
  });
});
