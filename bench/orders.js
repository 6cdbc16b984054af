// The Orders screen at 10,000 orders (issue 40): each view of /admin/orders one request after another,
// as a whole page and as the data request Remix makes when staff move between views with JavaScript.
// Goal: p99 under 50 ms, as the leads screen's.
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { loadAverage, percentile, printGoals, printTable, signInAs, sortedRequestTimes } from "./measure.js";
import { seedLeads } from "./seed-leads.js";
import { seedLiveOrders } from "./renewals.js";

export const name = "orders";

/** ORDERS_BENCH_ORDERS: fewer, to try the benchmark itself quickly; the goal is for 10,000. */
const ORDERS = Number(process.env.ORDERS_BENCH_ORDERS ?? 10_000);
const WARM_UP = 50;
const SAMPLES = 300;
const GOAL_MS = 50;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };
/** Orders at every status, as a year of work leaves them. */
const STATUSES = ["awaiting_details", "details_received", "submitted", "dispatched", "porting", "live", "on_hold", "cancelled"];

const ukDay = (instant) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

const samplesOf = (url, cookie) => sortedRequestTimes(url, cookie, { warmUp: WARM_UP, samples: SAMPLES });

const dataUrl = (pathAndQuery) => `${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}_data=${encodeURIComponent("routes/admin.orders")}`;

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const file = path.join(server.dataDir, "app.db");
    seedLeads(file, ORDERS);
    seedLiveOrders(file, ukDay(new Date()));
    const db = new SQLite(file);
    db.pragma("busy_timeout = 5000");
    db.prepare(`UPDATE orders SET status = CASE id % 8 ${STATUSES.map((status, index) => `WHEN ${index} THEN '${status}'`).join(" ")} END`).run();
    db.close();
    console.log(`Seeded ${ORDERS.toLocaleString("en-GB")} orders at every status, each with 2 lines`);
    console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
    const cookie = await signInAs(server.url, OWNER);
    const views = [
      { label: "plain view", pathAndQuery: "/admin/orders" },
      { label: "search (business)", pathAndQuery: "/admin/orders?q=plumbing" },
      { label: "search (reference)", pathAndQuery: `/admin/orders?q=ORD-${String(Math.ceil(ORDERS / 2)).padStart(6, "0")}` },
      { label: "status filter", pathAndQuery: "/admin/orders?status=porting" },
      { label: "page 100", pathAndQuery: "/admin/orders?page=100" },
    ];
    const rows = [];
    const goals = [];
    for (const view of views) {
      const page = await samplesOf(`${server.url}${view.pathAndQuery}`, cookie);
      const data = await samplesOf(`${server.url}${dataUrl(view.pathAndQuery)}`, cookie);
      rows.push({
        view: view.label,
        url: view.pathAndQuery,
        "page p50 ms": percentile(page, 50).toFixed(1),
        "page p99 ms": percentile(page, 99).toFixed(1),
        "data p50 ms": percentile(data, 50).toFixed(1),
        "data p99 ms": percentile(data, 99).toFixed(1),
      });
      const p99 = Math.max(percentile(page, 99), percentile(data, 99));
      goals.push({
        figure: `Orders screen, ${view.label}: p99 (page and data request)`,
        measured: `${p99.toFixed(1)} ms`,
        goal: `< ${GOAL_MS} ms`,
        met: p99 < GOAL_MS,
      });
    }
    console.log(
      `\nEach view ${SAMPLES} times as a whole page and ${SAMPLES} times as its data request, one at a time, each after ${WARM_UP} unsampled requests:`,
    );
    printTable(rows);
    console.log(`Load average at end: ${loadAverage()}\n`);
    printGoals(goals);
  } finally {
    await server.stop();
  }
}
