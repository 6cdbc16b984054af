// Small measuring tools shared by the benchmarks.
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";

/** Peak resident memory (VmHWM) of a process on Linux, in MiB. */
export function peakMemoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(status.match(/VmHWM:\s+(\d+)\s+kB/)?.[1] ?? NaN);
  return kib / 1024;
}

/**
 * Runs autocannon and returns requests/s and latency percentiles (ms). Requests per second are
 * the total over the elapsed time: autocannon's own average is over whole-second samples, and
 * counting the last, partial second as a whole one understated short runs by up to a tenth.
 * autocannon has no p95: it is taken from each answer's time (null with `workers`, whose answers
 * this thread never sees).
 */
export async function load({ url, connections, durationSeconds, amount, method = "GET", headers, body, workers }) {
  const options = { url, connections, method, headers, body, workers, ...(amount ? { amount } : { duration: durationSeconds }) };
  const running = autocannon(options);
  const times = [];
  running.on("response", (_client, _status, _bytes, milliseconds) => times.push(milliseconds));
  const result = await running;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p95: times.length > 0 ? percentile(times, 95) : null,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * `load` with autocannon's clients on a thread of their own, so that their work does not pause this
 * thread while it times other requests.
 */
export function loadOnItsOwnThread(options) {
  return load({ ...options, workers: 1 });
}

/**
 * GETs every one of `urls`, `connections` at a time, `rounds` times (each round once the last has
 * been answered), on a thread of its own (so that its work does not pause this thread while it
 * times other requests): each answer's status, in order (0: no answer).
 */
export function requestAllOnItsOwnThread(urls, connections, rounds = 1) {
  const worker = new Worker(
    `const { parentPort, workerData: { urls, connections, rounds } } = require("node:worker_threads");
    const statuses = [];
    const round = async () => {
      let next = 0;
      const connection = async () => {
        while (next < urls.length) {
          const index = next++;
          try {
            const response = await fetch(urls[index]);
            await response.arrayBuffer();
            statuses.push(response.status);
          } catch {
            statuses.push(0);
          }
        }
      };
      await Promise.all(Array.from({ length: connections }, connection));
    };
    (async () => {
      for (let count = 0; count < rounds; count++) await round();
      parentPort.postMessage(statuses);
    })();`,
    // Not this process's \`--import\`s: exit-with-parent.js (\`npm run bench\`) would see the thread's own stdin, which has already ended.
    { eval: true, workerData: { urls, connections, rounds }, execArgv: [] },
  );
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The requests' thread ended (${code}) before reporting`)));
  });
}

/** One GET of `url` (with `cookie`, when given), its body read to the end: its time in ms. A status other than 2xx throws. */
export async function timeRequest(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, cookie ? { headers: { Cookie: cookie } } : undefined);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** `samples` GETs of `url` one after another, after `warmUp` unsampled: their times in ms, fastest first. */
export async function sortedRequestTimes(url, cookie, { warmUp, samples }) {
  for (let index = 0; index < warmUp; index++) await timeRequest(url, cookie);
  const times = [];
  for (let index = 0; index < samples; index++) times.push(await timeRequest(url, cookie));
  return times.sort((a, b) => a - b);
}

/** Times `url` one request after another until `done()` says to stop: each request's time in ms, in order. */
export async function timeUntil(url, done) {
  const times = [];
  while (!done()) times.push(await timeRequest(url));
  return times;
}

/**
 * A table row of request times (ms) taken one after another: under `title`, `label`, then how many,
 * p50, p99 and the slowest; `more` adds columns.
 */
export function timesRow(title, label, times, more = {}) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    [title]: label,
    samples: sorted.length,
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
    "max ms": sorted.at(-1).toFixed(1),
    ...more,
  };
}

/** Answers' statuses counted: "148 × 200, 2 × 503". */
export function statusCounts(statuses) {
  const counts = new Map();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status === 0 ? "no answer" : status}`).join(", ");
}

/** The value at `p` percent of ascending `sorted` values. */
/** A repeatable sequence of numbers in [0, 1) from a seed (mulberry32), so every run of a benchmark makes the same data. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of `list`, chosen by `random`. */
export const pickFrom = (random, list) => list[Math.floor(random() * list.length)];

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function printTable(rows) {
  const widths = Object.keys(rows[0]).map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells) => `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(" | ")} |`;
  console.log(line(Object.keys(rows[0])));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(Object.values(row)));
}

/**
 * The goals table every benchmark ends with (each figure beside its goal):
 * rows of { figure, measured, goal, met } where `met` is a boolean.
 */
export function printGoals(rows) {
  printTable(rows.map((row) => ({ figure: row.figure, measured: row.measured, goal: row.goal, met: row.met ? "yes" : "NO" })));
}

/** A complete quote request the API accepts, for the benchmarks that post leads. */
export const SAMPLE_QUOTE = {
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

/** Signs in through the sign-in route as `owner` ({ email, password }); the session as a Cookie header value. */
export async function signInAs(url, owner) {
  const response = await fetch(`${url}/admin/api/login`, { method: "POST", body: new URLSearchParams(owner), redirect: "manual" });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (!session) throw new Error(`Signing in as ${owner.email} answered ${response.status} without a session`);
  return session.split(";")[0];
}

/** The machine's load average now ("1.28, 2.00, 3.74"), to read a figure by. */
export function loadAverage() {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
}
