// What the scripts that run outside the server take from it, as plain modules beside the server
// build: the migrations (build/migrations.js: `npm run db:copy` migrates the Postgres it copies
// into) and the backups (build/backup.js: `npm run backup` and `npm run restore`). The server
// bundle carries its own copies; both come from the one source (docs/decisions/008).
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./built-server.js";

await build({
  entryPoints: {
    migrations: path.join(projectRoot, "migrations/index.ts"),
    backup: path.join(projectRoot, "app/infrastructure/backup.server.ts"),
  },
  outdir: path.join(projectRoot, "build"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
