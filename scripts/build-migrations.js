// The migrations as one plain module (build/migrations.js) beside the server build, for the
// scripts that run outside the server: `npm run db:copy` migrates the Postgres it copies into.
// The server bundle carries its own copy; both come from migrations/index.ts.
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./built-server.js";

await build({
  entryPoints: [path.join(projectRoot, "migrations/index.ts")],
  outfile: path.join(projectRoot, "build/migrations.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
