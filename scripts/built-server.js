// Starts the production build the way `npm start` and the container run it, on a free
// port with its own temporary DATA_DIR (or an existing one, to start again after a stop or
// a crash), and its own address for APP_URL (production requires one) unless the caller
// gives another. Shared by the tests and the benchmarks.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** What test servers sign their cookies with, so a test can hand a browser a session of its own (tests/support/admin.ts). */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuild = path.join(projectRoot, "build/index.js");
const remixServe = path.join(projectRoot, "node_modules/@remix-run/serve/dist/cli.js");
const exitWithParent = path.join(projectRoot, "scripts/exit-with-parent.js");
const reportPort = path.join(projectRoot, "scripts/report-port.js");
const tuningHook = path.join(projectRoot, "scripts/tuning-hook.js");

/**
 * scrypt's cost in a test run (N=2^10, a few milliseconds a hash, from 2^17 and half a second): in
 * the servers started here and in the test process (tests/support/test-process-tuning.ts). Tests
 * sign in thousands of times; those of the cost itself (the stored hash, its upgrade) start their
 * servers at the app's own.
 */
export const TEST_PASSWORD_HASH_COST_LOG2 = 10;

/**
 * What a server started here runs with unless a test says otherwise (`tuning`): limits no test
 * run reaches, retention and renewals only when a test asks for them (a run after start-up would add rows
 * under tests that count them), cheap password hashes, and visits to the comparison written within 50 ms of
 * arriving rather than 5 s (a test still waits for them to be in).
 */
const DEFAULT_TUNING = {
  rateLimitMax: 100_000,
  retentionRunHours: 0,
  renewalRunHours: 0,
  passwordHashCostLog2: TEST_PASSWORD_HASH_COST_LOG2,
  visitWriteSeconds: 0.05,
};

/** The app's own tuning, as in production: for a benchmark of the limits themselves. */
export const PRODUCTION_TUNING = {
  rateLimitMax: undefined,
  retentionRunHours: undefined,
  renewalRunHours: undefined,
  passwordHashCostLog2: undefined,
  visitWriteSeconds: undefined,
};

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} ServerExit
 * @typedef {{
 *   url: string,
 *   pid: number,
 *   dataDir: string,
 *   output: () => string,
 *   exited: Promise<ServerExit>,
 *   kill: (signal: NodeJS.Signals) => Promise<ServerExit>,
 *   stop: () => Promise<void>,
 * }} BuiltServer
 */

/** Starts at ports found free that another process took before the server listened on them. */
const PORT_TRIES = 5;

/** The port was taken between being found free and the server listening on it. */
class PortTaken extends Error {}

/**
 * @param {Record<string, string>} [env] extra environment for the server
 * @param {{ dataDir?: string, imports?: string[], tuning?: Record<string, number> }} [options] `dataDir`: start on this
 *   existing DATA_DIR (a restart) instead of a fresh temporary one; `stop()` then leaves it for whoever made it.
 *   `imports`: more modules (paths) loaded into the server before it starts (`--import`), for a test that holds
 *   part of its work from inside (tests/support/hold-*.js). `tuning`: the app's tuning constants a
 *   test shortens (app/platform/tuning.server.ts), over DEFAULT_TUNING.
 * @returns {Promise<BuiltServer>}
 */
export async function startBuiltServer(env = {}, options = {}) {
  if (!fs.existsSync(serverBuild)) throw new Error("No server build: run `npm run build` first");
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "quotes-server-"));
  // Given an APP_URL (a test's https://clearline.example.co.uk ...), the system picks the port as
  // the server listens (PORT=0) and report-port.js says which. Without one, the server's own
  // address is its APP_URL, as a deployment's is: so a port is found free first, and another
  // found should some other process take it before the server listens.
  const ownAddress = env.APP_URL === undefined && !env.PORT;
  for (let tries = 1; ; tries += 1) {
    const port = env.PORT ? Number(env.PORT) : ownAddress ? await freePort() : 0;
    const appUrl = env.APP_URL ?? `http://127.0.0.1:${port}`;
    try {
      const tuning = JSON.stringify({ ...DEFAULT_TUNING, ...options.tuning });
      return await startOnce({ ...env, PORT: String(port), APP_URL: appUrl, TEST_TUNING: tuning }, dataDir, ownsDataDir, options.imports ?? []);
    } catch (error) {
      if (!(error instanceof PortTaken) || !ownAddress || tries === PORT_TRIES) {
        if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

/**
 * One start on `dataDir`, PORT and APP_URL given.
 * @param {Record<string, string>} env
 * @param {string} dataDir
 * @param {boolean} ownsDataDir `stop()` removes the folder
 * @param {string[]} imports more modules loaded into the server before it starts
 * @returns {Promise<BuiltServer>}
 */
async function startOnce(env, dataDir, ownsDataDir, imports) {
  const fixedPort = Number(env.PORT) || null;
  let printed = "";
  // The server stops itself when this process ends, even killed (see exit-with-parent.js).
  const hooks = [exitWithParent, reportPort, tuningHook, ...imports].flatMap((file) => ["--import", pathToFileURL(file).href]);
  const child = spawn(process.execPath, [...hooks, remixServe, serverBuild], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (printed += chunk));
  child.stderr.on("data", (chunk) => (printed += chunk));
  const output = () => printed;
  /**
   * The port the server listens on, once it has said so (report-port.js): the fixed one, or the
   * first it reported that is not its metrics port. Waiting for its own word on a fixed port too
   * means a server that could not have the port is never taken for one that has it.
   */
  const listeningPort = () => {
    const reported = [...printed.matchAll(/\[built-server\] listening on port (\d+)/g)].map((match) => Number(match[1]));
    if (fixedPort !== null) return reported.includes(fixedPort) ? fixedPort : null;
    return reported.find((port) => String(port) !== env.METRICS_ADDRESS?.split(":").pop()) ?? null;
  };
  let url = "";
  /** @type {Promise<ServerExit>} */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  /** Sends `signal` (SIGTERM, SIGINT, SIGKILL ...) and resolves when the server has exited. */
  const kill = async (/** @type {NodeJS.Signals} */ signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  /**
   * Ends the server as Fly does: SIGTERM, then SIGKILL if it has not exited after the grace
   * period, so a server held up at its end (a connection left half-open by a test's broken
   * network) cannot hold up the run. Tests of stopping itself send their signal with `kill`.
   */
  const stop = async () => {
    const killLater = setTimeout(() => {
      printed += "[built-server] still running 15 s after SIGTERM: killed\n";
      child.kill("SIGKILL");
    }, 15_000);
    await kill("SIGTERM");
    clearTimeout(killLater);
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // Only a server that is stuck should miss this: a busy machine (tests, builds and browsers at
  // once on two cores) can take far longer than usual to start one.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      await kill("SIGTERM");
      if (new RegExp(`EADDRINUSE\\b.*:${fixedPort}\\b`).test(output())) throw new PortTaken(`Port ${fixedPort} was taken`);
      await stop();
      throw new Error(`Server exited early (exit code ${child.exitCode}):\n${output()}`);
    }
    const port = listeningPort();
    if (port !== null) {
      url = `http://127.0.0.1:${port}`;
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // Not answering yet.
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server did not become healthy:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: /** @type {number} */ (child.pid), dataDir, output, exited, kill, stop };
}
