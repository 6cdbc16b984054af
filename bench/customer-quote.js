// The customer's quote through the server: the page at /quote/{token} under 10 connections (a
// customer and colleagues; p95, goal under 100 ms; each request a view, written as it is answered,
// the page rendered for it), the same page one request at a time, a quote's first view (Sent to
// Viewed, timeline, the owner's email queued), and a 30-line quote's PDF at /quote/{token}.pdf one
// after another (p95 of 200 after 20 unsampled, goal under 300 ms). The quote is drafted, filled
// and sent through the staff JSON routes, as staff make one; the load average is printed beside.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { load, loadAverage, percentile, printGoals, printTable } from "./measure.js";
import { quoteLines, sentQuote } from "./quotes.js";

export const name = "customer-quote";

const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const WARM_UP = 20;
const SAMPLES = 200;
const FIRST_VIEWS = 10;
const GOAL_PAGE_P95_MS = 100;
const GOAL_PDF_P95_MS = 300;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };
const THIRTY_LINES = quoteLines(30);

/** The times (ms, sorted) of SAMPLES requests one after another, after WARM_UP unsampled. */
async function sequentialTimes(url) {
  const times = [];
  for (let index = 0; index < WARM_UP + SAMPLES; index++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (index >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** A table row for requests made one at a time (sorted times in ms; every one answered 2xx or the run stopped). */
function oneAtATimeRow(served, sorted) {
  const p50 = percentile(sorted, 50);
  return {
    served,
    "req/s": (1000 / p50).toFixed(0),
    "p50 ms": p50.toFixed(1),
    "p95 ms": percentile(sorted, 95).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
    requests: sorted.length,
    "non-2xx": 0,
    errors: 0,
  };
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
    // First views (sent -> viewed, timeline, owner's email queued), each of a quote of its own.
    const firstViews = [];
    for (let index = 0; index < FIRST_VIEWS; index++) {
      const fresh = await sentQuote(server.url, OWNER, THIRTY_LINES);
      const started = performance.now();
      const response = await fetch(`${server.url}${fresh}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${fresh} answered ${response.status}`);
      firstViews.push(performance.now() - started);
    }
    firstViews.sort((a, b) => a - b);
    const path = await sentQuote(server.url, OWNER, THIRTY_LINES);
    // Warm the page's render code before it is timed.
    await load({ url: `${server.url}${path}`, connections: 4, amount: 200 });
    const page = await load({ url: `${server.url}${path}`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });

    // One at a time: the server's own time per page, without waiting behind the other connections.
    const alone = await sequentialTimes(`${server.url}${path}`);
    const pageKiB = (await (await fetch(`${server.url}${path}`)).arrayBuffer()).byteLength / 1024;
    const times = await sequentialTimes(`${server.url}${path}.pdf`);
    const pdfP50 = percentile(times, 50);
    const pdfP95 = percentile(times, 95);

    printTable([
      {
        served: "/quote/{token}",
        "req/s": page.requestsPerSecond.toFixed(0),
        "p50 ms": page.p50,
        "p95 ms": page.p95.toFixed(1),
        "p99 ms": page.p99,
        requests: page.total,
        "non-2xx": page.non2xx,
        errors: page.errors,
      },
      oneAtATimeRow("/quote/{token}, one at a time", alone),
      oneAtATimeRow(`first view of a quote (${FIRST_VIEWS} quotes)`, firstViews),
    ]);
    printGoals([
      {
        figure: `quote page p95 at ${CONNECTIONS} connections (every request a view, ${pageKiB.toFixed(0)} KiB)`,
        measured: `${page.p95.toFixed(1)} ms`,
        goal: `< ${GOAL_PAGE_P95_MS} ms`,
        met: page.p95 < GOAL_PAGE_P95_MS && page.non2xx === 0 && page.errors === 0,
      },
      {
        figure: `30-line quote PDF through the route p95 (p50 ${pdfP50.toFixed(1)} ms, ${SAMPLES} PDFs)`,
        measured: `${pdfP95.toFixed(1)} ms`,
        goal: `< ${GOAL_PDF_P95_MS} ms`,
        met: pdfP95 < GOAL_PDF_P95_MS,
      },
    ]);
    console.log(`Load average at end: ${loadAverage()}\n`);
  } finally {
    await server.stop();
  }
}
