// The leads screen with 100,000 leads: server time of the page (plain, search,
// status filter) as p50/p99, and the CSV export's time and the server's peak memory.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { peakMemoryMiB, printTable } from "./measure.js";
import { seedLeads } from "./seed-leads.js";

export const name = "leads-workspace";

const LEADS = 100_000;
const SAMPLES = 60;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };

async function signIn(url) {
  const response = await fetch(`${url}/admin/api/login`, {
    method: "POST",
    body: new URLSearchParams(OWNER),
    redirect: "manual",
  });
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session=")).split(";")[0];
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function time(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const seedStarted = performance.now();
    seedLeads(path.join(server.dataDir, "app.db"), LEADS);
    console.log(`Seeded ${LEADS.toLocaleString("en-GB")} leads in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const cookie = await signIn(server.url);
    const views = [
      ["plain view", "/admin/leads"],
      ["search (name)", "/admin/leads?q=priya"],
      ["search (phone digits)", "/admin/leads?q=07700900123"],
      ["search (rare)", "/admin/leads?q=SED-2026-0054321"],
      ["status filter", "/admin/leads?status=qualified"],
      ["status + search", "/admin/leads?status=converted&q=leeds"],
      ["page 1000", "/admin/leads?page=1000"],
    ];
    const rows = [];
    for (const [label, pathAndQuery] of views) {
      // Each view through the page's data request, as navigation with JavaScript makes it, and as a whole page.
      await time(`${server.url}${pathAndQuery}`, cookie);
      const samples = [];
      for (let index = 0; index < SAMPLES; index++) samples.push(await time(`${server.url}${pathAndQuery}`, cookie));
      samples.sort((a, b) => a - b);
      rows.push({ view: label, url: pathAndQuery, "p50 ms": percentile(samples, 0.5).toFixed(1), "p99 ms": percentile(samples, 0.99).toFixed(1) });
    }
    printTable(rows);

    const exportStarted = performance.now();
    const response = await fetch(`${server.url}/admin/leads/export`, { headers: { Cookie: cookie } });
    const body = await response.text();
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const lines = body.split("\r\n").filter(Boolean).length - 1;
    console.log(
      `\nCSV export of all leads: ${lines.toLocaleString("en-GB")} rows, ${(body.length / 1024 / 1024).toFixed(1)} MiB in ${exportSeconds.toFixed(2)} s; ` +
        `server peak memory (VmHWM) after it: ${peakMemoryMiB(server.pid).toFixed(1)} MiB`,
    );

    // A page view while an export streams: the export must not hold up other requests.
    const exporting = fetch(`${server.url}/admin/leads/export`, { headers: { Cookie: cookie } }).then((answer) => answer.text());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = [];
    for (let index = 0; index < 10; index++) during.push(await time(`${server.url}/admin/leads?page=2`, cookie));
    await exporting;
    during.sort((a, b) => a - b);
    console.log(`Leads page while an export streams: p50 ${percentile(during, 0.5).toFixed(1)} ms, max ${during.at(-1).toFixed(1)} ms`);
  } finally {
    await server.stop();
  }
}
