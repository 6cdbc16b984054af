// The one production build, whoever asks for it: `npm run build` (and so `npm test`, the benchmarks,
// the Postgres run, CI and the Dockerfile) and `npm start` when the build is missing or stale.
// Remix's compiler, then terser over the browser's scripts, then the migrations and the backup code
// as plain modules for the scripts that run outside the server (build/migrations.js, build/backup.js).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each step of the build, in order: a Node script and its arguments, relative to the project. */
export const BUILD_STEPS = [["node_modules/@remix-run/dev/dist/cli.js", "build"], ["scripts/minify-client-build.js"], ["scripts/build-script-modules.js"]];

/** Builds the app for production; throws when a step fails (its output is shown as it runs). */
export function buildApp() {
  for (const [script, ...args] of BUILD_STEPS) {
    execFileSync(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    buildApp();
  } catch {
    // The failing step has printed why.
    process.exit(1);
  }
}
