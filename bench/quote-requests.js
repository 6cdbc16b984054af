// Leads per second through POST /api/quote-requests at 50 concurrent clients,
// and a check that every acknowledged submission is a stored row. Beside it, the
// same route and load with an invalid email (answered 400, nothing stored): what
// the server's own request handling allows on this machine now, before any lead is
// stored, so a run on a busy machine can be read.
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { load, printGoals, printTable, SAMPLE_QUOTE } from "./measure.js";

export const name = "quote-requests";

const GOAL_LEADS_PER_SECOND = 1000;
const CONNECTIONS = 50;
// A fixed count rather than a duration, so no request is left in flight when counting rows.
const SUBMISSIONS = 10_000;

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({}, { tuning: { rateLimitMax: 100_000_000 } });
  try {
    const post = (body) =>
      load({
        url: `${server.url}/api/quote-requests`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        connections: CONNECTIONS,
        amount: SUBMISSIONS,
      });
    // The refused ones first: they also warm the server up (nothing stored) before the leads are timed.
    const refused = await post({ ...SAMPLE_QUOTE, email: "not-an-email" });
    const result = await post(SAMPLE_QUOTE);
    const database = new SQLite(path.join(server.dataDir, "app.db"), { readonly: true });
    const stored = database.prepare("SELECT count(*) AS count, count(DISTINCT reference) AS references_ FROM leads").get();
    database.close();
    // Only 201s count as acknowledged; every one must be a stored row with its own reference (the
    // invalid ones, all refused, must have added none).
    const acknowledged = result.total - result.non2xx;
    printTable([
      {
        requests: "leads",
        connections: CONNECTIONS,
        "per s": result.requestsPerSecond.toFixed(0),
        "p50 ms": result.p50,
        "p99 ms": result.p99,
        acknowledged,
        "rows stored": stored.count,
        "distinct references": stored.references_,
        "non-2xx": result.non2xx,
        errors: result.errors,
      },
      {
        requests: "invalid (400, not stored)",
        connections: CONNECTIONS,
        "per s": refused.requestsPerSecond.toFixed(0),
        "p50 ms": refused.p50,
        "p99 ms": refused.p99,
        acknowledged: "-",
        "rows stored": "-",
        "distinct references": "-",
        "non-2xx": refused.non2xx,
        errors: refused.errors,
      },
    ]);
    console.log(
      `Load average: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(", ")} (${os.cpus().length} cores)`,
    );
    printGoals([
      {
        figure: "leads/s, 50 clients",
        measured: result.requestsPerSecond.toFixed(0),
        goal: `>= ${GOAL_LEADS_PER_SECOND}`,
        met: result.requestsPerSecond >= GOAL_LEADS_PER_SECOND,
      },
      {
        figure: "acknowledged == stored",
        measured: `${acknowledged} / ${stored.count} (${stored.references_} references)`,
        goal: "equal",
        met: acknowledged === stored.count && stored.references_ === stored.count && result.errors === 0,
      },
    ]);
  } finally {
    await server.stop();
  }
}
