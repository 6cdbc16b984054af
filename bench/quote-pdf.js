// A quote's PDF (app/infrastructure/quote-pdf.server.ts): a 30-line quote drawn 200 times after 20
// unsampled ones (p50/p95, goal p95 under 300 ms), then the process's memory (RSS and heap, after a
// full garbage collection) before and after 1,000 more (goal: flat). The route that serves the PDF
// comes later, so this calls the renderer itself: the module and the test's 30-line quote
// (tests/support/quote-documents.ts) bundled by esbuild as the server build bundles them, its
// packages (PDFKit) loaded from node_modules as the server loads them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { build } from "esbuild";
import { projectRoot } from "../scripts/built-server.js";
import { printGoals } from "./measure.js";

export const name = "quote-pdf";

const WARM_UP = 20;
const SAMPLES = 200;
const RUNS = 1_000;
const GOAL_P95_MS = 300;
// Flat: what is left after a full collection grows by less than this over the 1,000 PDFs.
const GOAL_HEAP_GROWTH_MIB = 5;
const GOAL_RSS_GROWTH_MIB = 32;

const ENTRY = `
export { renderQuotePdf } from "./app/infrastructure/quote-pdf.server";
export { thirtyLineQuote } from "./tests/support/quote-documents";
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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run() {
  const { renderQuotePdf, thirtyLineQuote } = await loadRenderer();
  const document = thirtyLineQuote({ withSummary: true });
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
  console.log(`a 30-line quote with its contract summary: ${(bytes / 1024).toFixed(1)} KiB; load average ${load} on ${os.cpus().length} cores`);
  const mib = (value) => `${value.toFixed(1)} MiB`;
  console.log(
    `memory after a full collection: before ${mib(before.rss)} RSS, ${mib(before.heap)} heap; after ${RUNS / 2} ${mib(halfway.rss)}, ${mib(halfway.heap)}; after ${RUNS} ${mib(after.rss)}, ${mib(after.heap)}`,
  );
  const heapGrowth = after.heap - before.heap;
  const rssGrowth = after.rss - before.rss;
  printGoals([
    {
      figure: `30-line quote PDF p95 (p50 ${p50.toFixed(1)} ms, ${SAMPLES} PDFs)`,
      measured: `${p95.toFixed(1)} ms`,
      goal: `< ${GOAL_P95_MS} ms`,
      met: p95 < GOAL_P95_MS,
    },
    { figure: `heap growth over ${RUNS} PDFs`, measured: mib(heapGrowth), goal: `< ${GOAL_HEAP_GROWTH_MIB} MiB`, met: heapGrowth < GOAL_HEAP_GROWTH_MIB },
    { figure: `RSS growth over ${RUNS} PDFs`, measured: mib(rssGrowth), goal: `< ${GOAL_RSS_GROWTH_MIB} MiB`, met: rssGrowth < GOAL_RSS_GROWTH_MIB },
  ]);
}
