// Backups of the SQLite database: a consistent copy made with SQLite's online backup API while the server serves and writes, checked, then kept in
// DATA_DIR/backups or in the S3 bucket (BUCKET_NAME) under backups/, the newest 14 (or `--keep N`) kept. The server's schedule (backup-schedule.server.ts) and,
// from the build's copy (build/backup.js), `npm run backup` and `npm run restore` use it (docs/decisions/008). It reads only what it is given: no ~/ imports.
import fs from "node:fs";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import SQLite from "better-sqlite3";
import { newS3Client, s3Sdk } from "./s3-client.server";

export const BACKUP_PREFIX = "backups/";
const NAME_PATTERN = /^app-\d{8}T\d{6}(\d{3})?Z\.sqlite$/;
/** The server writes its process id here while it runs, so a restore can refuse to pull the file from under it. */
export const SERVER_PID_FILE = "server.pid";

export type BackupPlace = { dataDir: string; keep: number; bucket?: string; s3?: Promise<S3Client> };
export type BackupMade = { name: string; location: string; bytes: number };

/** Backups kept, the newest: two weeks of the server's daily ones. */
export const BACKUPS_KEPT = 14;

/** Where backups go, from the same variables the server reads; `keep`: how many to keep. */
export function backupPlace(env: Record<string, string | undefined> = process.env, keep = BACKUPS_KEPT): BackupPlace {
  if (env.DATABASE_URL) {
    throw new BackupError(
      "DATABASE_URL is set, so the database is Postgres: npm run backup and npm run restore copy the SQLite file only. Back Postgres up with its provider's backups (Fly Postgres or your managed Postgres) or pg_dump.",
    );
  }
  if (!Number.isSafeInteger(keep) || keep < 1 || keep > 1000) throw new BackupError("--keep must be a whole number from 1 to 1000");
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  if (!env.BUCKET_NAME) return { dataDir, keep };
  return { dataDir, keep, bucket: env.BUCKET_NAME, s3: newS3Client() };
}

/** A refusal to show as it is (a bad name, a running server): no stack trace. */
export class BackupError extends Error {
  name = "BackupError";
}

const backupsDir = (place: BackupPlace) => path.join(place.dataDir, "backups");

function newBackupName(now = new Date()) {
  return `app-${now.toISOString().replace(/[-:]/g, "").replace(".", "")}.sqlite`;
}

/** Throws unless SQLite finds the file whole. */
function checkIntegrity(file: string): void {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new BackupError(`${path.basename(file)} is damaged: ${result}`);
    copy.pragma("schema_version", { simple: true });
  } finally {
    copy.close();
  }
}

/**
 * Copies the live database and keeps the copy. `source` is the server's own connection (its writes then carry into the copy as it runs, so it can go a few
 * pages at a time without holding requests up) or, from another process, the database file: that copy is taken in one step, one read of a consistent moment,
 * since writes by the server would restart it.
 */
export async function createBackup(place: BackupPlace, options: { source?: SQLite.Database; pagesPerStep?: number } = {}): Promise<BackupMade> {
  const name = newBackupName();
  fs.mkdirSync(backupsDir(place), { recursive: true });
  const partial = path.join(backupsDir(place), `.${name}.partial`);
  const own = !options.source;
  const databaseFile = path.join(place.dataDir, "app.db");
  if (own && !fs.existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile} (is DATA_DIR right?)`);
  const source = options.source ?? new SQLite(databaseFile, { fileMustExist: true });
  try {
    if (own) source.pragma("busy_timeout = 5000");
    const pagesPerStep = options.pagesPerStep ?? (own ? 0x7fffffff : 100);
    await source.backup(partial, { progress: () => pagesPerStep });
    checkIntegrity(partial);
    const bytes = fs.statSync(partial).size;
    if (place.s3) {
      const { PutObjectCommand } = await s3Sdk();
      const s3 = await place.s3;
      await s3.send(
        new PutObjectCommand({
          Bucket: place.bucket,
          Key: `${BACKUP_PREFIX}${name}`,
          Body: fs.createReadStream(partial),
          ContentLength: bytes,
          ContentType: "application/vnd.sqlite3",
        }),
      );
      fs.rmSync(partial);
      await pruneBackups(place);
      return { name, location: `s3://${place.bucket}/${BACKUP_PREFIX}${name}`, bytes };
    }
    const kept = path.join(backupsDir(place), name);
    fs.renameSync(partial, kept);
    await pruneBackups(place);
    return { name, location: kept, bytes };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    if (own) source.close();
  }
}

/** The backups kept, newest first. */
export async function listBackups(place: BackupPlace): Promise<string[]> {
  if (place.s3) {
    const [s3, { ListObjectsV2Command }] = await Promise.all([place.s3, s3Sdk()]);
    const names: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: place.bucket, Prefix: BACKUP_PREFIX, ContinuationToken }));
      for (const object of page.Contents ?? []) names.push(object.Key!.slice(BACKUP_PREFIX.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return names
      .filter((name) => NAME_PATTERN.test(name))
      .sort()
      .reverse();
  }
  if (!fs.existsSync(backupsDir(place))) return [];
  return fs
    .readdirSync(backupsDir(place))
    .filter((name) => NAME_PATTERN.test(name))
    .sort()
    .reverse();
}

/** Deletes all but the newest `place.keep` backups. */
async function pruneBackups(place: BackupPlace): Promise<void> {
  for (const name of (await listBackups(place)).slice(place.keep)) {
    if (place.s3) await (await place.s3).send(new (await s3Sdk()).DeleteObjectCommand({ Bucket: place.bucket, Key: `${BACKUP_PREFIX}${name}` }));
    else fs.rmSync(path.join(backupsDir(place), name), { force: true });
  }
}

/** The process id of a server running on this data folder, or null. */
export function runningServer(dataDir: string): number | null {
  const pidFile = path.join(dataDir, SERVER_PID_FILE);
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but is another user's. ESRCH: gone, the file is left from a crash.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** Writes the server's pid file, removed again when the process exits. */
export function markServerRunning(dataDir: string): void {
  const pidFile = path.join(dataDir, SERVER_PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile, String(process.pid));
  process.once("exit", () => {
    try {
      if (fs.readFileSync(pidFile, "utf8").trim() === String(process.pid)) fs.rmSync(pidFile);
    } catch {
      // Already gone.
    }
  });
}

/** Puts a backup back as a stopped data folder's database; `which`: a file path, a backup's name, or "latest". The replaced database is kept beside it. */
export async function restoreBackup(place: BackupPlace, which: string): Promise<{ restored: string; keptAside: string | null }> {
  const pid = runningServer(place.dataDir);
  if (pid !== null) {
    throw new BackupError(`A server (process ${pid}) is running on ${place.dataDir}: stop it first, then restore.`);
  }
  fs.mkdirSync(place.dataDir, { recursive: true });
  const incoming = path.join(place.dataDir, `.restore-${process.pid}.partial`);
  try {
    const name = await fetchBackup(place, which, incoming);
    checkIntegrity(incoming);
    const databaseFile = path.join(place.dataDir, "app.db");
    let keptAside: string | null = null;
    if (fs.existsSync(databaseFile)) {
      keptAside = `${databaseFile}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
      fs.renameSync(databaseFile, keptAside);
    }
    // A write-ahead log left beside the old file belongs to it, not to the restored one.
    for (const suffix of ["-wal", "-shm"]) {
      if (fs.existsSync(databaseFile + suffix)) {
        if (keptAside) fs.renameSync(databaseFile + suffix, keptAside + suffix);
        else fs.rmSync(databaseFile + suffix);
      }
    }
    fs.renameSync(incoming, databaseFile);
    return { restored: name, keptAside };
  } finally {
    fs.rmSync(incoming, { force: true });
  }
}

async function fetchBackup(place: BackupPlace, which: string, destination: string): Promise<string> {
  if (which.includes("/") || which.includes(path.sep)) {
    if (!fs.existsSync(which)) throw new BackupError(`No backup file at ${which}`);
    fs.copyFileSync(which, destination);
    return which;
  }
  const names = await listBackups(place);
  const name = which === "latest" ? names[0] : which;
  if (!name || !names.includes(name)) {
    throw new BackupError(`No backup named ${which}. ${names.length ? `The newest: ${names.slice(0, 5).join(", ")}` : "There are no backups yet."}`);
  }
  if (!place.s3) {
    fs.copyFileSync(path.join(backupsDir(place), name), destination);
    return name;
  }
  const object = await (await place.s3).send(new (await s3Sdk()).GetObjectCommand({ Bucket: place.bucket, Key: `${BACKUP_PREFIX}${name}` }));
  const { pipeline } = await import("node:stream/promises");
  await pipeline(object.Body as NodeJS.ReadableStream, fs.createWriteStream(destination));
  return name;
}
