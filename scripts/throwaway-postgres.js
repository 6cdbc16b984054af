// A Postgres server of our own for tests and benchmarks: Debian's `postgresql` package,
// a fresh cluster in a temporary folder (initdb + pg_ctl), on a free port, trusted from
// 127.0.0.1 only, removed again by stop(). No Docker, nothing installed system-wide.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./built-server.js";

/** The folder holding initdb and pg_ctl: PG_BIN, else the newest version Debian installed. */
export function postgresBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, "bin")));
  }
  const found = candidates.find((folder) => fs.existsSync(path.join(folder, "initdb")) && fs.existsSync(path.join(folder, "pg_ctl")));
  if (!found) throw new Error("Postgres is not installed: apt-get install -y postgresql (or set PG_BIN to the folder holding initdb and pg_ctl)");
  return found;
}

/**
 * Postgres refuses to run as root: as root, the cluster belongs to the `postgres`
 * user the package creates, and its commands run as that user.
 * @returns {{ uid: number, gid: number } | undefined}
 */
function clusterOwner() {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/**
 * Starts the server and resolves once it takes connections.
 * @returns {Promise<{ url: string, pid: number, folder: string, stop: () => void }>} `url` connects as the superuser
 *   `postgres` to the `postgres` database; `pid` is the server's, `folder` holds its files.
 */
export async function startThrowawayPostgres() {
  const bin = postgresBinaries();
  const owner = clusterOwner();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-postgres-"));
  const dataDir = path.join(folder, "data");
  if (owner) fs.chownSync(folder, owner.uid, owner.gid);
  const run = (/** @type {string} */ command, /** @type {string[]} */ args) => {
    const result = spawnSync(path.join(bin, command), args, { encoding: "utf8", cwd: folder, ...(owner ?? {}) });
    if (result.status !== 0) throw new Error(`${command} failed:\n${result.stdout}\n${result.stderr}`);
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  // Tests make and drop a database per test server: durability is of no use here, speed is.
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${folder}`,
    "-c max_connections=400",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-o", settings, "-l", path.join(folder, "server.log"), "-w", "-t", "120", "start"]);
  // pg_ctl runs the server apart from us, so a guard stops it if we end without calling stop()
  // (SIGKILL): it watches a pipe from this process and is in a process group of its own.
  const guard = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), "postgres-guard.js"), path.join(bin, "pg_ctl"), dataDir, folder],
    {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
      ...(owner ?? {}),
    },
  );
  guard.unref();
  /** @type {import("node:net").Socket} */ (/** @type {unknown} */ (guard.stdin)).unref();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"], { cwd: folder, ...(owner ?? {}) });
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, pid, folder, stop };
}
