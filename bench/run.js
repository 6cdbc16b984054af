// `npm run bench`: builds, then measures the production server and prints the figures.
// `npm run bench -- <name>` runs one. Each benchmark is a module exporting `name` and
// `run(context)`; add new ones to the list.
//
// Each benchmark runs in a process of its own. The benchmark's process is the client that times
// the server, so what an earlier one left in it counts against the next: Lighthouse's modules alone
// made the client's own garbage collections pause it mid-request often enough to double the leads
// screen's p99 (24 ms measured alone, 42–46 ms after them).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startBuiltServer } from "../scripts/built-server.js";

const benchmarks = {
  "public-pages": "./public-pages.js",
  javascript: "./javascript.js",
  lighthouse: "./lighthouse.js",
  "quote-requests": "./quote-requests.js",
  "leads-workspace": "./leads-workspace.js",
  durability: "./durability.js",
  abuse: "./abuse.js",
  "tariff-import": "./tariff-import.js",
  comparison: "./comparison.js",
  "quote-pdf": "./quote-pdf.js",
  "customer-quote": "./customer-quote.js",
  erasure: "./erasure.js",
  retention: "./retention.js",
  orders: "./orders.js",
  renewals: "./renewals.js",
  sources: "./sources.js",
};

const exitWithParent = new URL("../scripts/exit-with-parent.js", import.meta.url).href;
const only = process.argv[2];

if (only) {
  if (!(only in benchmarks)) {
    console.error(`There is no benchmark called "${only}". The benchmarks: ${Object.keys(benchmarks).join(", ")}`);
    process.exit(1);
  }
  const benchmark = await import(benchmarks[/** @type {keyof typeof benchmarks} */ (only)]);
  console.log(`\n## ${benchmark.name}`);
  await benchmark.run({ startBuiltServer });
} else {
  for (const name of Object.keys(benchmarks)) {
    // The child stops itself if this process ends (its stdin closes), and with it its servers.
    const child = spawn(process.execPath, ["--import", exitWithParent, fileURLToPath(import.meta.url), name], {
      stdio: ["pipe", "inherit", "inherit"],
    });
    const code = await new Promise((resolve) => child.once("exit", (exitCode, signal) => resolve(exitCode ?? signal)));
    if (code !== 0) {
      console.error(`\nThe ${name} benchmark failed (${code}).`);
      process.exitCode = 1;
    }
  }
}
