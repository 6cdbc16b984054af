// `npm run bench`: builds, then measures the production server and prints the figures.
// Each benchmark module exports `name` and `run(context)`; add new ones to the list.
import { startBuiltServer } from "../scripts/built-server.js";
import * as publicPages from "./public-pages.js";
import * as leadsWorkspace from "./leads-workspace.js";
import * as quoteRequests from "./quote-requests.js";
import * as durability from "./durability.js";
import * as javascript from "./javascript.js";
import * as lighthouse from "./lighthouse.js";

const benchmarks = [publicPages, javascript, lighthouse, quoteRequests, leadsWorkspace, durability];

const only = process.argv[2];
for (const benchmark of benchmarks) {
  if (only && benchmark.name !== only) continue;
  console.log(`\n## ${benchmark.name}`);
  await benchmark.run({ startBuiltServer });
}
