// The visitors' comparison over a large catalogue (5,000 live tariffs; BENCH_TARIFFS sets another count): `GET /api/tariffs` one
// request at a time (p50/p99 of the server's answer, a query's first pricing apart from the
// repeated ones) and at 50 connections; `/business-mobile` with filters from the page cache
// beside the same bytes served as a static file; and what 150 comparisons no one has asked for
// before, from one address, cost everyone else: `/` one request after another meanwhile (goal: p99
// under 50 ms), on the production limits, ten at a time and one after another.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { PRODUCTION_TUNING } from "../scripts/built-server.js";
import { load, percentile as percentOf, printGoals, printTable, requestAllOnItsOwnThread, statusCounts, timesRow, timeUntil } from "./measure.js";

export const name = "comparison";

/** Live tariffs in the catalogue: 5,000 by default; BENCH_TARIFFS=200 for a catalogue of today's size. */
const TARIFFS = Number(process.env.BENCH_TARIFFS ?? 5_000);
const LIVE = `${TARIFFS.toLocaleString("en-GB")} live`;
const CONNECTIONS = 50;
const DURATION_SECONDS = 5;
const WARM_UP = 50;
const SAMPLES = 500;
const API_GOAL_MS = 20;
const PAGE_GOAL_MS = 50;
const STATIC_FOLDER = "bench-static-comparison";
const NETWORKS = ["EE", "O2", "Vodafone", "Three"];
const TERMS = [1, 12, 24, 36];
const FILTERED_PAGE = "/business-mobile?lines=5&network=EE&minDataGb=10&term=24&fiveG=1&sort=contract-total";
const API_QUERY = "/api/tariffs?lines=5&minDataGb=10&term=24&sort=contract-total";
/** A browser arriving from a search: each such request of the comparison is a visit the server counts (the Sources report), a write per request. */
const VISITOR = {
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  referer: "https://www.google.com/",
};

/** The timed load's campaign: the page cache answers the address without it (ad tracking is not part of a page), and its visits are counted under it. */
const LOAD_CAMPAIGN = "bench-load";

/** The timed load's visits counted so far. */
function countedVisits(file) {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare("SELECT COALESCE(SUM(visits), 0) AS visits FROM comparisonVisits WHERE campaign = ?").get(LOAD_CAMPAIGN).visits;
  } finally {
    db.close();
  }
}

/** The timed load's count once it holds at least `least` (visits are written a few seconds after they arrive); at most a minute's wait. */
async function visitsOnceWritten(file, least) {
  const giveUp = Date.now() + 60_000;
  let visits = countedVisits(file);
  while (visits < least && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    visits = countedVisits(file);
  }
  return visits;
}

/** Fills the catalogue with live tariffs in one transaction (the triggers tell the server). */
export function seedTariffs(file, count) {
  const db = new SQLite(file);
  const now = new Date().toISOString();
  const insert = db.prepare(`INSERT INTO tariffs (slug, network, name, serviceType, status, monthlyPriceExVatPence, upfrontCostExVatPence,
    termMonths, priceRises, dataGb, minutes, texts, fiveG, euRoaming, wifiCalling, businessExtras, multiLineDiscount, minLines, maxLines,
    sourceUrl, checkedOn, isSample, createdAt, updatedAt)
    VALUES (?, ?, ?, 'sim_only', 'live', ?, ?, ?, ?, ?, NULL, NULL, ?, ?, 1, '[]', ?, 1, 50, NULL, '2026-11-01', 0, ?, ?)`);
  db.transaction(() => {
    for (let index = 0; index < count; index++) {
      const network = NETWORKS[index % NETWORKS.length];
      const price = 500 + ((index * 37) % 3000);
      const rises = JSON.stringify([
        { from: "2027-04-01", monthlyPriceExVatPence: price + 150 },
        { from: "2028-04-01", monthlyPriceExVatPence: price + 300 },
      ]);
      const dataGb = index % 7 === 0 ? null : [1, 5, 10, 30, 50, 100][index % 6];
      const discount = index % 3 === 0 ? JSON.stringify({ fromLine: 2, percent: 10 }) : null;
      const roaming = JSON.stringify({ included: index % 2 === 0, fairUseGb: index % 2 === 0 ? 15 : null, dailyChargePence: index % 2 === 0 ? null : 222 });
      insert.run(
        `bench-${index}`,
        network,
        `Business ${index}`,
        price,
        index % 5 === 0 ? 2000 : 0,
        TERMS[index % 4],
        rises,
        dataGb,
        index % 4 === 0 ? 0 : 1,
        roaming,
        discount,
        now,
        now,
      );
    }
  })();
  db.close();
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

async function timeOf(url) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const ms = (value) => `${value.toFixed(1)} ms`;

const NEW_QUERIES = 150;
/** The address's requests at once: all ten connections a browser-like client might open, then one after another. */
const NEW_QUERY_CONNECTIONS = [10, 1];
const HOME_SAMPLES = 200;
const HOME_GOAL_MS = 50;
/** The production limits (10 posts, so 60 new comparisons, a minute); the built server's starter raises them. */
const RATE_LIMIT_MAX = 10;
/** As app/features/tariffs/tariff-comparison.ts has it: new comparisons per client for each post RATE_LIMIT_MAX allows. */
const NEW_COMPARISONS_PER_POST = 6;
/** 150 comparisons no one has asked for: 5G deals for every number of lines, each sorted three ways (the whole contract's cost needs a term). */
const NEW_COMPARISONS = ["average-monthly", "contract-total&term=24", "data"].flatMap((sort) =>
  Array.from({ length: 50 }, (_, index) => `/business-mobile?lines=${index + 1}&fiveG=1&sort=${sort}`),
);

/** `/` one request at a time, alone and while one address asks for NEW_COMPARISONS, `connections` at a time. */
async function newComparisonsFromOneAddress(startBuiltServer, connections) {
  const server = await startBuiltServer({}, { tuning: PRODUCTION_TUNING });
  try {
    seedTariffs(path.join(server.dataDir, "app.db"), TARIFFS);
    // The catalogue read, and `/` as every other visitor gets it: from the page cache.
    await timeOf(`${server.url}/business-mobile`);
    for (let tries = 0; (await fetch(`${server.url}/`)).headers.get("x-page-cache") !== "hit"; tries++) {
      if (tries > 100) throw new Error("/ never came from the page cache");
    }
    let count = 0;
    const alone = await timeUntil(`${server.url}/`, () => count++ >= HOME_SAMPLES);
    let asking = true;
    const answers = requestAllOnItsOwnThread(
      NEW_COMPARISONS.map((query) => `${server.url}${query}`),
      connections,
    );
    void answers.finally(() => (asking = false));
    const during = await timeUntil(`${server.url}/`, () => !asking);
    return { connections, alone: alone.sort((a, b) => a - b), during: during.sort((a, b) => a - b), statuses: await answers };
  } finally {
    await server.stop();
  }
}

const homeRow = (label, times, answers = "") => timesRow("/ one at a time (page cache)", label, times, { "the new comparisons": answers });

async function newComparisonGoals(startBuiltServer) {
  const runs = [];
  for (const connections of NEW_QUERY_CONNECTIONS) runs.push(await newComparisonsFromOneAddress(startBuiltServer, connections));
  const asked = (run) => `${NEW_QUERIES} new comparisons from one address, ${run.connections === 1 ? "one after another" : `${run.connections} at a time`}`;
  printTable(runs.flatMap((run) => [homeRow("alone", run.alone), homeRow(asked(run), run.during, statusCounts(run.statuses))]));
  // The warm-up's /business-mobile was this address's first new comparison.
  const allowance = RATE_LIMIT_MAX * NEW_COMPARISONS_PER_POST - 1;
  return runs.flatMap((run) => {
    const p99 = percentOf(run.during, 99);
    const answered = run.statuses.filter((status) => status === 200).length;
    return [
      { figure: `/ p99 while ${asked(run)}`, measured: ms(p99), goal: `< ${HOME_GOAL_MS} ms`, met: p99 < HOME_GOAL_MS },
      {
        figure: "  those new comparisons answered (the rest 429)",
        measured: statusCounts(run.statuses),
        goal: `<= ${allowance} × 200`,
        met: answered <= allowance && run.statuses.every((status) => status === 200 || status === 429),
      },
    ];
  });
}

export async function run({ startBuiltServer }) {
  const newComparisons = await newComparisonGoals(startBuiltServer);
  console.log("");
  // Visits written as in production, every few seconds (the test servers write them at once).
  const server = await startBuiltServer({}, { tuning: { visitWriteSeconds: undefined } });
  const staticDir = path.resolve("public", STATIC_FOLDER);
  fs.mkdirSync(staticDir, { recursive: true });
  try {
    seedTariffs(path.join(server.dataDir, "app.db"), TARIFFS);
    const answer = await (await fetch(`${server.url}/api/tariffs`)).json();
    if (answer.total !== TARIFFS) throw new Error(`Expected ${TARIFFS} live tariffs, the API answered ${answer.total}`);
    const goals = [];

    // A query's first pricing (every live tariff priced for its lines), one per number of lines.
    const firsts = [];
    for (let lines = 1; lines <= 50; lines++) firsts.push(await timeOf(`${server.url}/api/tariffs?lines=${lines}&sort=average-monthly`));
    firsts.sort((a, b) => a - b);
    // The same query again and again, as most visitors' queries are (kept per catalogue).
    for (let index = 0; index < WARM_UP; index++) await timeOf(`${server.url}${API_QUERY}`);
    const repeated = [];
    for (let index = 0; index < SAMPLES; index++) repeated.push(await timeOf(`${server.url}${API_QUERY}`));
    repeated.sort((a, b) => a - b);
    // What any JSON route costs on this machine now (Node, Express, Remix; the testimonials from memory).
    for (let index = 0; index < WARM_UP; index++) await timeOf(`${server.url}/api/testimonials`);
    const baseline = [];
    for (let index = 0; index < SAMPLES; index++) baseline.push(await timeOf(`${server.url}/api/testimonials`));
    baseline.sort((a, b) => a - b);
    const loaded = await load({ url: `${server.url}${API_QUERY}`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    printTable([
      {
        [`GET /api/tariffs (${LIVE})`]: "a query's first pricing (50 queries)",
        "p50 ms": firsts[24].toFixed(1),
        "p99 ms": percentile(firsts, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        [`GET /api/tariffs (${LIVE})`]: "the same query, one at a time",
        "p50 ms": percentile(repeated, 0.5).toFixed(1),
        "p99 ms": percentile(repeated, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        [`GET /api/tariffs (${LIVE})`]: "beside it: GET /api/testimonials",
        "p50 ms": percentile(baseline, 0.5).toFixed(1),
        "p99 ms": percentile(baseline, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        [`GET /api/tariffs (${LIVE})`]: `${CONNECTIONS} connections`,
        "p50 ms": loaded.p50,
        "p99 ms": loaded.p99,
        "req/s": loaded.requestsPerSecond.toFixed(0),
      },
    ]);
    goals.push(
      {
        figure: `GET /api/tariffs over ${LIVE} tariffs: p99`,
        measured: ms(percentile(repeated, 0.99)),
        goal: `< ${API_GOAL_MS} ms`,
        met: percentile(repeated, 0.99) < API_GOAL_MS,
      },
      {
        figure: "GET /api/tariffs: p99 of a query's first pricing",
        measured: ms(percentile(firsts, 0.99)),
        goal: `< ${API_GOAL_MS} ms`,
        met: percentile(firsts, 0.99) < API_GOAL_MS,
      },
      { figure: "GET /api/tariffs: errors and non-2xx", measured: loaded.errors + loaded.non2xx, goal: "0", met: loaded.errors + loaded.non2xx === 0 },
    );

    // The filtered page as an anonymous visitor gets it (each request a visit counted), beside the same bytes as a static file.
    const html = Buffer.from(await (await fetch(`${server.url}${FILTERED_PAGE}`)).arrayBuffer());
    fs.writeFileSync(path.join(staticDir, "comparison.html"), html);
    await load({ url: `${server.url}${FILTERED_PAGE}`, connections: 10, durationSeconds: 1, headers: VISITOR });
    const databaseFile = path.join(server.dataDir, "app.db");
    const cached = await load({
      url: `${server.url}${FILTERED_PAGE}&utm_source=bench&utm_campaign=${LOAD_CAMPAIGN}`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      headers: VISITOR,
    });
    const counted = await visitsOnceWritten(databaseFile, cached.total);
    const file = await load({ url: `${server.url}/${STATIC_FOLDER}/comparison.html`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const hit = (await fetch(`${server.url}${FILTERED_PAGE}`)).headers.get("x-page-cache");
    printTable([
      {
        page: `${FILTERED_PAGE} (with UTM)`,
        "req/s": cached.requestsPerSecond.toFixed(0),
        "p50 ms": cached.p50,
        "p99 ms": cached.p99,
        served: `page cache (${hit})`,
      },
      {
        page: `  same bytes, static (${(html.length / 1024).toFixed(0)} KiB)`,
        "req/s": file.requestsPerSecond.toFixed(0),
        "p50 ms": file.p50,
        "p99 ms": file.p99,
        served: "static file",
      },
    ]);
    const ratio = cached.requestsPerSecond / file.requestsPerSecond;
    goals.push(
      { figure: "/business-mobile with filters: served from the page cache", measured: hit, goal: "hit", met: hit === "hit" },
      // The load tool counts the answers it has read when its time is up; the server has counted the requests still under way as well.
      {
        figure: "/business-mobile with filters: requests counted as visits",
        measured: `${counted} of ${cached.total}`,
        goal: `all, and at most ${CONNECTIONS} under way`,
        met: counted >= cached.total && counted <= cached.total + CONNECTIONS,
      },
      { figure: "/business-mobile with filters: throughput vs static file", measured: `${ratio.toFixed(2)}x`, goal: ">= 0.5x", met: ratio >= 0.5 },
      {
        figure: `/business-mobile with filters: p99 at ${CONNECTIONS} connections`,
        measured: `${cached.p99} ms`,
        goal: `< ${PAGE_GOAL_MS} ms`,
        met: cached.p99 < PAGE_GOAL_MS,
      },
      {
        figure: "/business-mobile with filters: errors and non-2xx",
        measured: cached.errors + cached.non2xx,
        goal: "0",
        met: cached.errors + cached.non2xx === 0,
      },
    );
    console.log("");
    printGoals([...goals, ...newComparisons]);
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
    await server.stop();
  }
}
