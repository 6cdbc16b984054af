// Nothing acknowledged is lost when the server stops: 50 clients post quote requests, the
// server is stopped mid-run (SIGKILL, then SIGTERM), started again on the same DATA_DIR, and
// every reference a client got a 201 for must be a stored lead. For SIGTERM, also how long
// the server took to exit (killed, as Fly does, if still running after 10 s) and its exit code.
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { printTable, SAMPLE_QUOTE } from "./measure.js";

export const name = "durability";

const CLIENTS = 50;
/** Acknowledged submissions in a run before the server is stopped: mid-run, with requests in flight. */
const STOP_AFTER = 2_000;
const TUNING = { rateLimitMax: 100_000_000 };

/**
 * CLIENTS clients post quote requests one after another until the server stops answering.
 * `onAcknowledged(count)` is told of every 201 received in full.
 */
async function postUntilStopped(url, onAcknowledged) {
  const acknowledged = [];
  let otherAnswers = 0;
  let refused = 0;
  let cutOff = 0;
  const client = async () => {
    for (;;) {
      try {
        const response = await fetch(`${url}/api/quote-requests`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(SAMPLE_QUOTE),
        });
        if (response.status !== 201) {
          otherAnswers += 1;
          await response.arrayBuffer();
          continue;
        }
        const { reference } = await response.json();
        acknowledged.push(reference);
        onAcknowledged(acknowledged.length);
      } catch (error) {
        // The server has stopped. A refused connection never reached it; a request cut off may or
        // may not have been stored, and is not counted as acknowledged either way.
        if (error?.cause?.code === "ECONNREFUSED") refused += 1;
        else cutOff += 1;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { acknowledged, otherAnswers, refused, cutOff };
}

/** Fly's kill_timeout: a server still running this long after SIGTERM is killed. */
const KILL_TIMEOUT_MS = 10_000;

/** Sends `signal`; after SIGTERM, a server still running at KILL_TIMEOUT_MS gets SIGKILL, as on Fly. */
async function stop(server, signal) {
  const sentAt = performance.now();
  const exited = server.kill(signal).then((exit) => ({ ...exit, exitMs: performance.now() - sentAt, timedOut: false }));
  if (signal === "SIGKILL") return exited;
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, KILL_TIMEOUT_MS, null)));
  const exit = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (exit) return exit;
  return { ...(await server.kill("SIGKILL")), exitMs: performance.now() - sentAt, timedOut: true };
}

/** Runs the clients against `server`, sends `signal` after STOP_AFTER acknowledgements, waits for the exit. */
async function runAndStop(server, signal) {
  let stopping;
  const load = postUntilStopped(server.url, (count) => {
    if (count === STOP_AFTER) stopping = stop(server, signal);
  });
  const result = await load;
  // Every client ended with an error, so the signal was sent; wait for the exit too.
  return { ...result, exit: await stopping };
}

/** The acknowledged references that are stored leads, read from the restarted server's database. */
function storedReferences(dataDir, references) {
  const database = new SQLite(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const stored = new Set(database.prepare("SELECT reference FROM leads").pluck().all());
    return { found: references.filter((reference) => stored.has(reference)).length, rows: stored.size };
  } finally {
    database.close();
  }
}

export async function run({ startBuiltServer }) {
  const first = await startBuiltServer({}, { tuning: TUNING });
  const started = [first];
  const rows = [];
  const verdicts = [];
  let failed = false;
  try {
    let server = first;
    let rowsBefore = 0;
    for (const signal of ["SIGKILL", "SIGTERM"]) {
      const result = await runAndStop(server, signal);
      // Started again on the same data, as Fly restarts the machine with its volume.
      server = await startBuiltServer({}, { dataDir: first.dataDir, tuning: TUNING });
      started.push(server);
      const { found, rows: leadRows } = storedReferences(first.dataDir, result.acknowledged);
      const clean = signal === "SIGKILL" || (result.exit.code === 0 && result.exit.signal === null && !result.exit.timedOut);
      const lost = result.acknowledged.length - found;
      const pass = lost === 0 && clean && result.otherAnswers === 0;
      if (!pass) failed = true;
      verdicts.push({ signal, pass, lost, clean, result });
      rows.push({
        stop: signal,
        clients: CLIENTS,
        acknowledged: result.acknowledged.length,
        stored: found,
        lost,
        "other answers": result.otherAnswers,
        refused: result.refused,
        "cut off": result.cutOff,
        // Beyond the acknowledged: requests stored whose answer the stop cut off.
        "rows added": leadRows - rowsBefore,
        exit: result.exit.signal ? `by ${result.exit.signal}` : `code ${result.exit.code}`,
        "exit after signal": signal === "SIGKILL" ? "-" : result.exit.timedOut ? `over ${KILL_TIMEOUT_MS / 1000} s` : `${result.exit.exitMs.toFixed(0)} ms`,
      });
      rowsBefore = leadRows;
    }
    printTable(rows);
    for (const { signal, pass, lost, clean, result } of verdicts) {
      const { acknowledged, otherAnswers, exit } = result;
      const exitText =
        signal === "SIGTERM"
          ? exit.timedOut
            ? `; still running ${KILL_TIMEOUT_MS / 1000} s after SIGTERM, killed (Fly would too)`
            : `; exited ${clean ? "cleanly (code 0)" : `NOT cleanly (${exit.signal ? `by ${exit.signal}` : `code ${exit.code}`})`} ${exit.exitMs.toFixed(0)} ms after SIGTERM`
          : "";
      const answers = otherAnswers ? `; ${otherAnswers} answers other than 201` : "";
      console.log(
        `${pass ? "PASS" : "FAIL"} ${signal}: ${acknowledged.length} acknowledged, ${acknowledged.length - lost} stored after the restart, ${lost} lost${answers}${exitText}.`,
      );
    }
    console.log(
      failed
        ? "FAIL: acknowledged quote requests were lost or the server did not stop cleanly."
        : "PASS: every acknowledged quote request survived both stops.",
    );
  } finally {
    // The first server made the data folder, so it goes last and removes it.
    for (const server of started.reverse()) await server.stop();
  }
  if (failed) process.exitCode = 1;
}
