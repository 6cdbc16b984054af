// The tariff catalogue's CSV import (POST /admin/api/tariffs/import): 5,000 rows into an empty
// catalogue (all added), then the same file again (all updated), each timed from sending the file
// to the answer; goal under 2 s each. Every row is checked before any is written, then all are
// written in one transaction.
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { printGoals, signInAs } from "./measure.js";

export const name = "tariff-import";

const ROWS = 5_000;
const GOAL_MS = 2_000;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };
const NETWORKS = ["EE", "O2", "Vodafone", "Three"];
const HEADER =
  "slug,network,name,service_type,status,monthly_price_ex_vat,upfront_cost_ex_vat,term_months,price_rises,data_gb,minutes,texts,five_g,eu_roaming,eu_roaming_fair_use_gb,eu_roaming_daily_charge,wifi_calling,business_extras,multi_line_discount_from_line,multi_line_discount_percent,min_lines,max_lines,source_url,checked_on";

/** `rows` tariffs as staff would write them, every column filled in the documented formats. */
function catalogueCsv(rows) {
  const lines = [HEADER];
  for (let index = 0; index < rows; index++) {
    const network = NETWORKS[index % NETWORKS.length];
    const pence = 700 + (index % 3000);
    const price = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
    lines.push(
      `bench-${index},${network},"Business SIM ${index}, ${10 + (index % 90)}GB",sim_only,live,${price},0.00,24,2027-04-01=${Math.floor(pence / 100) + 1}.50;2028-04-01=${Math.floor(pence / 100) + 3}.00,` +
        `${index % 5 === 0 ? "unlimited" : 10 + (index % 90)},unlimited,unlimited,yes,yes,15,,yes,Priority support;Shared data,2,10,1,50,https://example.com/${network.toLowerCase()}/business,2026-11-01`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The server process's CPU time so far (user and system), in ms: what the import cost it, however busy the machine. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timedImport(url, cookie, csv, pid) {
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const response = await fetch(`${url}/admin/api/tariffs/import`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: url, "Content-Type": "text/csv" },
    body: csv,
  });
  const answer = await response.json();
  const ms = performance.now() - started;
  const cpu = cpuMs(pid) - cpuBefore;
  if (response.status !== 200) throw new Error(`The import answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return { ms, cpu, answer };
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const cookie = await signInAs(server.url, OWNER);
    const csv = catalogueCsv(ROWS);
    const added = await timedImport(server.url, cookie, csv, server.pid);
    const updated = await timedImport(server.url, cookie, csv, server.pid);
    // Wall-clock times: on a machine busy with other work they stretch with the load.
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `${ROWS.toLocaleString("en-GB")} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MiB; load average ${load} on ${os.cpus().length} cores`,
    );
    printGoals([
      {
        figure: `import ${ROWS} new tariffs (${added.answer.created} added)`,
        measured: `${Math.round(added.ms)} ms (server CPU ${added.cpu} ms)`,
        goal: `< ${GOAL_MS} ms`,
        met: added.ms < GOAL_MS && added.answer.created === ROWS,
      },
      {
        figure: `import them again (${updated.answer.updated} updated)`,
        measured: `${Math.round(updated.ms)} ms (server CPU ${updated.cpu} ms)`,
        goal: `< ${GOAL_MS} ms`,
        met: updated.ms < GOAL_MS && updated.answer.updated === ROWS,
      },
    ]);
  } finally {
    await server.stop();
  }
}
