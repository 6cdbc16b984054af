// The visitors' comparison over a large catalogue (5,000 live tariffs): `GET /api/tariffs` one
// request at a time (p50/p99 of the server's answer, a query's first pricing apart from the
// repeated ones) and at 50 connections; and `/business-mobile` with filters from the page cache
// beside the same bytes served as a static file.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { load, printGoals, printTable } from "./measure.js";

export const name = "comparison";

const TARIFFS = 5_000;
const CONNECTIONS = 50;
const DURATION_SECONDS = 5;
const WARM_UP = 50;
const SAMPLES = 500;
const API_GOAL_MS = 20;
const PAGE_GOAL_MS = 50;
const STATIC_FOLDER = "bench-static-comparison";
const NETWORKS = ["EE", "O2", "Vodafone", "Three"];
const TERMS = [1, 12, 24, 36];
const FILTERED_PAGE = "/business-mobile?lines=5&network=EE&minDataGb=10&fiveG=1&sort=contract-total";
const API_QUERY = "/api/tariffs?lines=5&minDataGb=10&sort=contract-total";

/** Fills the catalogue with live tariffs in one transaction (the triggers tell the server). */
function seedTariffs(file, count) {
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

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer();
  const staticDir = path.resolve("public", STATIC_FOLDER);
  fs.mkdirSync(staticDir, { recursive: true });
  try {
    seedTariffs(path.join(server.dataDir, "app.db"), TARIFFS);
    const answer = await (await fetch(`${server.url}/api/tariffs`)).json();
    if (answer.total !== TARIFFS) throw new Error(`Expected ${TARIFFS} live tariffs, the API answered ${answer.total}`);
    const goals = [];

    // A query's first pricing (every live tariff priced for its lines), one per number of lines.
    const firsts = [];
    for (let lines = 1; lines <= 50; lines++) firsts.push(await timeOf(`${server.url}/api/tariffs?lines=${lines}&sort=contract-total`));
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
        "GET /api/tariffs (5,000 live)": "a query's first pricing (50 queries)",
        "p50 ms": firsts[24].toFixed(1),
        "p99 ms": percentile(firsts, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        "GET /api/tariffs (5,000 live)": "the same query, one at a time",
        "p50 ms": percentile(repeated, 0.5).toFixed(1),
        "p99 ms": percentile(repeated, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        "GET /api/tariffs (5,000 live)": "beside it: GET /api/testimonials",
        "p50 ms": percentile(baseline, 0.5).toFixed(1),
        "p99 ms": percentile(baseline, 0.99).toFixed(1),
        "req/s": "",
      },
      {
        "GET /api/tariffs (5,000 live)": `${CONNECTIONS} connections`,
        "p50 ms": loaded.p50,
        "p99 ms": loaded.p99,
        "req/s": loaded.requestsPerSecond.toFixed(0),
      },
    ]);
    goals.push(
      {
        figure: "GET /api/tariffs over 5,000 live tariffs: p99",
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

    // The filtered page as an anonymous visitor gets it, beside the same bytes as a static file.
    const html = Buffer.from(await (await fetch(`${server.url}${FILTERED_PAGE}`)).arrayBuffer());
    fs.writeFileSync(path.join(staticDir, "comparison.html"), html);
    await load({ url: `${server.url}${FILTERED_PAGE}`, connections: 10, durationSeconds: 1 });
    const cached = await load({ url: `${server.url}${FILTERED_PAGE}`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const file = await load({ url: `${server.url}/${STATIC_FOLDER}/comparison.html`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const hit = (await fetch(`${server.url}${FILTERED_PAGE}`)).headers.get("x-page-cache");
    printTable([
      { page: FILTERED_PAGE, "req/s": cached.requestsPerSecond.toFixed(0), "p50 ms": cached.p50, "p99 ms": cached.p99, served: `page cache (${hit})` },
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
    printGoals(goals);
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
    await server.stop();
  }
}
