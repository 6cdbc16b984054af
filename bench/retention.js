// The retention run over 100,000 leads all due (idle for years, none a customer), started by an
// admin's "Run now" on the Data protection screen, while a staff member uses the leads screen:
// /admin/leads one request after another for as long as the run lasts (p99, goal under 100 ms while
// it runs), measured one at a time like the leads screen's own benchmark (leads-workspace); and at 10
// connections, which queue on the server's one event loop even without a run. The run's duration.
// The same page without the run first, for comparison.
import SQLite from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadAverage, printGoals, printTable, SAMPLE_QUOTE, signInAs } from "./measure.js";
import { seedLeads } from "./seed-leads.js";

export const name = "retention";

/** RETENTION_BENCH_LEADS: fewer, to try the benchmark itself quickly; the goal is for 100,000. */
const LEADS = Number(process.env.RETENTION_BENCH_LEADS ?? 100_000);
/** A staff member, one request after another: the goal's figure. RETENTION_BENCH_CONNECTIONS=10 shows a queue of ten. */
const CONNECTIONS = Number(process.env.RETENTION_BENCH_CONNECTIONS ?? 1);
/** RETENTION_BENCH_WRITES=1: a lead also arrives (POST /api/quote-requests) every 100 ms, and its time is shown too. */
const WRITES = process.env.RETENTION_BENCH_WRITES === "1";
const WRITE_EVERY_MS = 100;
const WARM_UP = 50;
const BASELINE_SAMPLES = 300;
const GOAL_MS = 100;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];

async function time(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { started, ended: performance.now() };
}

/** A lead arriving every WRITE_EVERY_MS until `until()` says stop: each submission's time. */
async function arrivingLeads(url, until) {
  const times = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${url}/api/quote-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(SAMPLE_QUOTE),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`A quote request answered ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
  }
  return times;
}

/** CONNECTIONS clients asking for `url` one request after another each, until `until()` says stop. */
async function sample(url, cookie, until) {
  const samples = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!until(samples.length)) samples.push(await time(url, cookie));
    }),
  );
  return samples;
}

const summary = (times) => {
  const sorted = times.sort((a, b) => a - b);
  return { samples: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) };
};

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }, { tuning: { rateLimitMax: 100_000_000 } });
  try {
    const file = path.join(server.dataDir, "app.db");
    seedLeads(file, LEADS);
    // All due: idle for years, and none became a customer.
    const db = new SQLite(file);
    db.pragma("busy_timeout = 5000");
    db.prepare("UPDATE leads SET updatedAt = '2020-01-01T00:00:00.000Z', status = CASE WHEN status = 'converted' THEN 'lost' ELSE status END").run();
    console.log(`Seeded ${LEADS.toLocaleString("en-GB")} leads, all idle since 2020`);
    console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);

    const cookie = await signInAs(server.url, OWNER);
    const page = `${server.url}/admin/leads?page=2`;
    await sample(page, cookie, (count) => count >= WARM_UP);
    let baselineTaken = false;
    const [baselineSamples, writesBefore] = await Promise.all([
      sample(page, cookie, (count) => (baselineTaken = count >= BASELINE_SAMPLES)),
      WRITES ? arrivingLeads(server.url, () => baselineTaken) : [],
    ]);
    const baseline = summary(baselineSamples.map((s) => s.ended - s.started));

    // "Run now": the confirm dialog's POST. It answers within a few seconds, the run going on in the
    // background on its own thread; the run has ended when its record says when it finished.
    const runStarted = performance.now();
    let answeredAfter = null;
    const runNow = fetch(`${server.url}/admin/data-protection/run`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    }).then((response) => {
      answeredAfter = performance.now() - runStarted;
      if (response.status !== 302) throw new Error(`Run now answered ${response.status}`);
    });
    // Once the run is under way (its record is written), sample until it ends.
    const startBy = Date.now() + 30_000;
    while (!db.prepare("SELECT id FROM retentionRuns").get()) {
      if (Date.now() > startBy) throw new Error("Run now started no run within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = db.prepare("SELECT finishedAt FROM retentionRuns ORDER BY id DESC LIMIT 1");
    let runEnded = null;
    const watching = (async () => {
      while (!finished.get()?.finishedAt) await new Promise((resolve) => setTimeout(resolve, 100));
      runEnded = performance.now();
    })();
    const [taken, writesDuring] = await Promise.all([
      sample(page, cookie, () => runEnded !== null),
      WRITES ? arrivingLeads(server.url, () => runEnded !== null) : [],
    ]);
    await Promise.all([watching, runNow]);
    const during = summary(taken.filter((s) => s.ended <= runEnded).map((s) => s.ended - s.started));
    const recorded = db.prepare("SELECT startedAt, finishedAt, counts, error FROM retentionRuns").get();
    const counts = JSON.parse(recorded.counts);
    // The seeded leads, not those that arrived during the benchmark.
    const left = db.prepare("SELECT count(*) AS n FROM leads WHERE anonymisedAt IS NULL AND updatedAt < '2021-01-01'").get().n;
    db.close();
    if (recorded.error || counts.leads !== LEADS || left !== 0)
      throw new Error(`The run did not anonymise every lead: ${JSON.stringify({ counts, left, error: recorded.error })}`);
    const seconds = (Date.parse(recorded.finishedAt) - Date.parse(recorded.startedAt)) / 1000;

    console.log(
      `\nRetention run ("Run now") over ${LEADS.toLocaleString("en-GB")} due leads: ${seconds.toFixed(1)} s (${Math.round(LEADS / seconds)} leads/s), "Run now" answered after ${(answeredAfter / 1000).toFixed(1)} s`,
    );
    console.log(`/admin/leads?page=2 at ${CONNECTIONS} connections:`);
    const timesTable = (rows) =>
      printTable(
        rows.map(({ when, samples, p50, p99, max }) => ({ when, samples, "p50 ms": p50.toFixed(1), "p99 ms": p99.toFixed(1), "max ms": max.toFixed(1) })),
      );
    timesTable([
      { when: "without a run", ...baseline },
      { when: "while the run runs", ...during },
    ]);
    if (WRITES) {
      console.log(`A lead arriving (POST /api/quote-requests) every ${WRITE_EVERY_MS} ms:`);
      timesTable([
        { when: "without a run", ...summary(writesBefore) },
        { when: "while the run runs", ...summary(writesDuring) },
      ]);
    }
    console.log(`Load average at end: ${loadAverage()}\n`);
    printGoals([
      {
        figure: `leads page p99 while retention runs over ${LEADS.toLocaleString("en-GB")} due leads`,
        measured: `${during.p99.toFixed(1)} ms`,
        goal: `< ${GOAL_MS} ms`,
        met: during.p99 < GOAL_MS,
      },
    ]);
  } finally {
    await server.stop();
  }
}
