// `npm start`: serve the production build on PORT (3000), the way the container does,
// building first when there is no current production build. For a laptop it also
// keeps a generated session secret in DATA_DIR when SESSION_SECRET is not set, and
// takes http://localhost:PORT for the site's address when APP_URL is not set (the
// server itself, in production, refuses to start without one).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./build.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const serverBuild = path.join(root, "build/index.js");
const migrationsBuild = path.join(root, "build/migrations.js");
const sources = [
  "app",
  "migrations",
  "public",
  "remix.config.js",
  "postcss.config.js",
  "package.json",
  "scripts/build.js",
  "scripts/minify-client-build.js",
  "scripts/build-script-modules.js",
];

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === "build") continue; // public/build is the output
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function needsBuild() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false });
  if (!built) return true;
  // A build left by the dev server cannot be served in production.
  if (fs.readFileSync(serverBuild, "utf8").includes("jsxDEV")) return true;
  // Nor is one without build/migrations.js: it stopped after Remix's step, or was a bare `remix build`.
  if (!fs.existsSync(migrationsBuild)) return true;
  return sources.some((source) => newestChange(path.join(root, source)) > built.mtimeMs);
}

if (needsBuild()) {
  console.log("Building the app for production...");
  // The same build as `npm run build`, Docker and CI (scripts/build.js).
  buildApp();
}

if (!process.env.SESSION_SECRET) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const secretFile = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(secretFile)) {
    fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = fs.readFileSync(secretFile, "utf8").trim();
  console.log(`SESSION_SECRET is not set: using the one kept in ${path.relative(root, secretFile)}.`);
}

process.env.PORT ??= "3000";

if (!process.env.APP_URL?.trim()) {
  process.env.APP_URL = `http://localhost:${process.env.PORT}`;
  console.log(`APP_URL is not set: using ${process.env.APP_URL} for the site's address (links in emails and pages). Set APP_URL to serve it elsewhere.`);
}

// Run remix-serve in this process, so stopping this process stops the server.
process.argv = [process.argv[0], "remix-serve", serverBuild];
await import("@remix-run/serve/dist/cli.js");
