// Leads per second through POST /api/quote-requests at 50 concurrent clients,
// and a check that every acknowledged submission is a stored row.
import path from "node:path";
import SQLite from "better-sqlite3";
import { load, printTable } from "./measure.js";

export const name = "quote-requests";

const CONNECTIONS = 50;
// A fixed count rather than a duration, so no request is left in flight when counting rows.
const SUBMISSIONS = 10_000;

const quote = {
  teamSize: "5 - 9",
  contractExpiry: "Under 3 months",
  businessType: "LTD company",
  businessName: "Benchmark Builders Ltd",
  postcode: "LS1 4AP",
  firstName: "Alex",
  lastName: "Benchmark",
  email: "alex@benchmark.example",
  phoneNumber: "07700 900123",
};

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ RATE_LIMIT_MAX: "100000000" });
  try {
    const result = await load({
      url: `${server.url}/api/quote-requests`,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(quote),
      connections: CONNECTIONS,
      amount: SUBMISSIONS,
    });
    const database = new SQLite(path.join(server.dataDir, "app.db"), { readonly: true });
    const stored = database.prepare("SELECT count(*) AS count, count(DISTINCT reference) AS references_ FROM leads").get();
    database.close();
    const acknowledged = result.total - result.non2xx;
    printTable([
      {
        connections: CONNECTIONS,
        "leads/s": result.requestsPerSecond.toFixed(0),
        "p50 ms": result.p50,
        "p99 ms": result.p99,
        acknowledged,
        "rows stored": stored.count,
        "distinct references": stored.references_,
        "non-2xx": result.non2xx,
        errors: result.errors,
      },
    ]);
    console.log(acknowledged === stored.count ? "Every acknowledged submission is stored." : "MISMATCH: acknowledged submissions and stored rows differ.");
  } finally {
    await server.stop();
  }
}
