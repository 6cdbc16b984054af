// What the scripts that run outside the server take from it, as plain modules beside the server
// build: the migrations (build/migrations.js: `npm run db:copy` migrates the Postgres it copies
// into), the backups (build/backup.js: `npm run backup` and `npm run restore`) and retention
// (build/retention.js: `npm run retention`; build/retention-worker.js: the server's retention thread) and the quote
// PDFs' thread (build/quote-pdf-worker.js). The server
// bundle carries its own copies; both come from the one source (docs/decisions/008).
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./built-server.js";

await build({
  entryPoints: {
    migrations: path.join(projectRoot, "migrations/index.ts"),
    backup: path.join(projectRoot, "app/platform/backup.server.ts"),
    // Retention reads the server's settings (env.server.ts), as the server does: an operator runs it with the same environment.
    retention: path.join(projectRoot, "app/features/privacy/retention-command.server.ts"),
    // The server runs retention's apply runs on SQLite on a thread of its own, from this file (retention-thread.server.ts).
    "retention-worker": path.join(projectRoot, "app/features/privacy/retention-worker.server.ts"),
    // The server draws quote PDFs on a thread of their own, from this file (quote-pdf-thread.server.ts).
    "quote-pdf-worker": path.join(projectRoot, "app/features/quotes/quote-pdf-worker.server.ts"),
  },
  outdir: path.join(projectRoot, "build"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The app's own imports ("~/platform/...") are bundled, not taken for packages.
  alias: { "~": path.join(projectRoot, "app") },
  logLevel: "warning",
});
