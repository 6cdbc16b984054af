// Small measuring tools shared by the benchmarks.
import fs from "node:fs";
import os from "node:os";
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
 */
export async function load({ url, connections, durationSeconds, amount, method = "GET", headers, body }) {
  const options = { url, connections, method, headers, body, ...(amount ? { amount } : { duration: durationSeconds }) };
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

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
