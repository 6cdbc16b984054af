// A quote's PDF, in two parts.
// 1. The renderer (app/features/quotes/quote-pdf.server.ts) alone: a 30-line quote drawn 200 times after
//    20 unsampled ones (p50/p95, goal p95 under 300 ms), then the process's memory (RSS and heap, after
//    a full garbage collection) before and after 1,000 more (goal: flat). It calls the renderer itself:
//    the module and the test's 30-line quote (tests/support/quote-documents.ts) bundled by esbuild as
//    the server build bundles them, its packages (PDFKit) loaded from node_modules as the server loads them.
// 2. Through the server: what downloads of a 60-line quote's PDF (/quote/{token}.pdf, every description
//    and the note at their longest) cost everyone else. `/healthz` one request after another, alone and
//    while 40 downloads of it run at once, 50 times, one round after another (the first drawing it;
//    goal: p99 under 100 ms); while 40 connections download it as fast as they are answered for 5 s,
//    beside 40 connections on a static file (what the machine allows for any 40 at once); then while
//    40 different 60-line quotes are each asked for once, all at once (drawn in turn, 8 waiting, the
//    rest refused with 503 until there is room).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { build } from "esbuild";
import { projectRoot } from "../scripts/built-server.js";
import { loadOnItsOwnThread, percentile, printGoals, printTable, requestAllOnItsOwnThread, statusCounts, timesRow, timeUntil } from "./measure.js";
import { quoteLines, sentQuote } from "./quotes.js";

export const name = "quote-pdf";

const WARM_UP = 20;
const SAMPLES = 200;
const RUNS = 1_000;
const GOAL_P95_MS = 300;
// Flat: what is left after a full collection grows by less than this over the 1,000 PDFs.
const GOAL_HEAP_GROWTH_MIB = 5;
const GOAL_RSS_GROWTH_MIB = 32;

const ENTRY = `
export { renderQuotePdf } from "./app/features/quotes/quote-pdf.server";
export { thirtyLineProposal } from "./tests/support/quote-documents";
`;

async function loadRenderer() {
  const outdir = fs.mkdtempSync(path.join(projectRoot, "node_modules/.quote-pdf-bench-"));
  const outfile = path.join(outdir, "quote-pdf.js");
  await build({
    stdin: { contents: ENTRY, resolveDir: projectRoot, loader: "ts" },
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages stay in node_modules, as in the server build; "~/" is the app's own (tsconfig paths).
    plugins: [{ name: "packages-external", setup: (esbuild) => esbuild.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
    tsconfig: path.join(projectRoot, "tsconfig.json"),
    logLevel: "warning",
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

/** A full garbage collection, without starting Node with --expose-gc. */
const collect = (() => {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
})();

function memoryMiB() {
  collect();
  collect();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 1024 / 1024, heap: heapUsed / 1024 / 1024 };
}

/** Part 1: the renderer alone; its goals' rows. */
async function rendererAlone() {
  const { renderQuotePdf, thirtyLineProposal } = await loadRenderer();
  const document = thirtyLineProposal();
  let bytes = 0;
  for (let index = 0; index < WARM_UP; index++) bytes = (await renderQuotePdf(document)).length;
  const times = [];
  for (let index = 0; index < SAMPLES; index++) {
    const started = performance.now();
    await renderQuotePdf(document);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);

  const before = memoryMiB();
  let halfway = before;
  for (let index = 0; index < RUNS; index++) {
    await renderQuotePdf(document);
    if (index === RUNS / 2 - 1) halfway = memoryMiB();
  }
  const after = memoryMiB();

  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `a 30-line accepted quote with its contract summary and certificate: ${(bytes / 1024).toFixed(1)} KiB; load average ${load} on ${os.cpus().length} cores`,
  );
  const mib = (value) => `${value.toFixed(1)} MiB`;
  console.log(
    `memory after a full collection: before ${mib(before.rss)} RSS, ${mib(before.heap)} heap; after ${RUNS / 2} ${mib(halfway.rss)}, ${mib(halfway.heap)}; after ${RUNS} ${mib(after.rss)}, ${mib(after.heap)}`,
  );
  const heapGrowth = after.heap - before.heap;
  const rssGrowth = after.rss - before.rss;
  return [
    {
      figure: `30-line quote PDF p95 (p50 ${p50.toFixed(1)} ms, ${SAMPLES} PDFs)`,
      measured: `${p95.toFixed(1)} ms`,
      goal: `< ${GOAL_P95_MS} ms`,
      met: p95 < GOAL_P95_MS,
    },
    { figure: `heap growth over ${RUNS} PDFs`, measured: mib(heapGrowth), goal: `< ${GOAL_HEAP_GROWTH_MIB} MiB`, met: heapGrowth < GOAL_HEAP_GROWTH_MIB },
    { figure: `RSS growth over ${RUNS} PDFs`, measured: mib(rssGrowth), goal: `< ${GOAL_RSS_GROWTH_MIB} MiB`, met: rssGrowth < GOAL_RSS_GROWTH_MIB },
  ];
}

const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };
const PARALLEL = 40;
const BURSTS = 50;
const DOWNLOAD_SECONDS = 5;
const HEALTHZ_SAMPLES = 200;
const GOAL_HEALTHZ_P99_MS = 100;
/** The longest a quote may be (QUOTE_LIMITS): 60 lines of 200-character descriptions, a 2,000-character note. */
const SIXTY_LINES = quoteLines(60, (group, index) =>
  `Line ${index + 1} of 60, ${group.replace("_", " ")}: a business service whose description runs to the longest a line may have, `.padEnd(200, "so it wraps "),
);
const LONGEST_NOTE = "As discussed on the phone. ".repeat(80).slice(0, 2_000);

const ms = (value) => `${value.toFixed(1)} ms`;

const healthzRow = (label, times, pdfs = "") => timesRow("/healthz, one at a time", label, times, { "the requests": pdfs });

/** `/healthz` one request after another while `work` runs; its times and what `work` gave. */
async function healthzDuring(url, work) {
  let working = true;
  const done = work();
  void done.finally(() => (working = false));
  const times = await timeUntil(`${url}/healthz`, () => !working);
  return { times, result: await done };
}

/** Part 2: downloads through the server, `/healthz` timed meanwhile; its goals' rows. */
async function throughTheServer(startBuiltServer) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const path = await sentQuote(server.url, OWNER, SIXTY_LINES, LONGEST_NOTE);
    const others = [];
    for (let index = 0; index < PARALLEL; index++) others.push(await sentQuote(server.url, OWNER, SIXTY_LINES, `${index} ${LONGEST_NOTE}`.slice(0, 2_000)));

    let count = 0;
    const alone = await timeUntil(`${server.url}/healthz`, () => count++ >= HEALTHZ_SAMPLES);
    // 40 downloads of the one quote's PDF at once, again as soon as all 40 are answered (the first drawing it).
    const bursts = await healthzDuring(server.url, () => requestAllOnItsOwnThread(Array(PARALLEL).fill(`${server.url}${path}.pdf`), PARALLEL, BURSTS));
    const bytes = (await (await fetch(`${server.url}${path}.pdf`)).arrayBuffer()).byteLength;
    // 40 connections downloading it as fast as they are answered, beside 40 on a static file (what the machine allows).
    const load = (url) => () => loadOnItsOwnThread({ url, connections: PARALLEL, durationSeconds: DOWNLOAD_SECONDS });
    const loaded = await healthzDuring(server.url, load(`${server.url}${path}.pdf`));
    const favicon = await healthzDuring(server.url, load(`${server.url}/favicon.ico`));
    // 40 different quotes' PDFs asked for at once, none drawn before.
    const different = await healthzDuring(server.url, () =>
      requestAllOnItsOwnThread(
        others.map((other) => `${server.url}${other}.pdf`),
        PARALLEL,
      ),
    );

    const rate = ({ result }) => `${result.requestsPerSecond.toFixed(0)}/s, p99 ${result.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`;
    printTable([
      healthzRow("alone", alone),
      healthzRow(`${PARALLEL} downloads of one quote's PDF at once, ${BURSTS} times`, bursts.times, statusCounts(bursts.result)),
      healthzRow(`${PARALLEL} connections downloading it for ${DOWNLOAD_SECONDS} s`, loaded.times, rate(loaded)),
      healthzRow(`  beside: ${PARALLEL} connections on /favicon.ico (a static file)`, favicon.times, rate(favicon)),
      healthzRow(`${PARALLEL} different quotes' PDFs asked for at once`, different.times, statusCounts(different.result)),
    ]);
    const p99 = percentile(
      [...bursts.times].sort((a, b) => a - b),
      99,
    );
    return [
      {
        figure: `/healthz p99 while ${PARALLEL} downloads of a 60-line quote's PDF (${(bytes / 1024).toFixed(0)} KiB) run at once, ${BURSTS} times`,
        measured: ms(p99),
        goal: `< ${GOAL_HEALTHZ_P99_MS} ms`,
        met: p99 < GOAL_HEALTHZ_P99_MS,
      },
      {
        figure: "  those downloads answered 200",
        measured: statusCounts(bursts.result),
        goal: `${PARALLEL * BURSTS} × 200`,
        met: bursts.result.every((status) => status === 200),
      },
    ];
  } finally {
    await server.stop();
  }
}

export async function run({ startBuiltServer }) {
  const rendererGoals = await rendererAlone();
  console.log("");
  const serverGoals = await throughTheServer(startBuiltServer);
  console.log("");
  printGoals([...rendererGoals, ...serverGoals]);
}
