// `npm run test:postgres`: the test suites again, with every test server on Postgres instead of
// SQLite. Starts a throwaway Postgres server (scripts/throwaway-postgres.js), runs vitest with
// TEST_POSTGRES_URL pointing at it (tests/support/server.ts then gives each test server a database
// of its own), and stops the server however the run ends. Arguments go to vitest; with none, the
// projects that reach the database run: every route and model over HTTP (`server`) and what only
// exists with Postgres (`postgres`), less the server files below, whose subject is the same
// whatever the database. The unit and build checks never open a database, and the browser
// journeys drive those same routes, so running them twice would only double the wait.
import { spawn } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./built-server.js";
import { startThrowawayPostgres } from "./throwaway-postgres.js";

/**
 * Server test files that run on SQLite alone: what they test is HTTP, the process or code that
 * never reaches SQL (their servers still start on Postgres where another file needs them to).
 * Every other server file runs on both, so a new one is on Postgres unless it is added here.
 */
const SAME_ON_EVERY_DATABASE = [
  // Every staff route and write, for every role, with thousands of malformed bodies: the checks are
  // the routes' own code, before any SQL. (Malformed public bodies, NUL characters and all, still run
  // on Postgres: tests/server/malformed-input.test.ts.)
  "tests/server/admin-permission-matrix.test.ts",
  "tests/server/malformed-staff-forms.test.ts",
  "tests/server/malformed-staff-queries.test.ts",
  // The SQLite file itself: its backups, and a full disk under it.
  "tests/server/backup-restore.test.ts",
  "tests/server/disk-exhaustion.test.ts",
  // Password rules and hashing (scrypt at its real cost: half of this file's time): the rows it
  // writes (a user's hash, their sessions) are written on Postgres by admin-users-api, and the
  // sign-in throttle's counting by the sign-in-throttle and sign-in-limits files.
  "tests/server/admin-passwords.test.ts",
  // The sign-in provider failing, before any account is read.
  "tests/server/admin-oidc-provider-failures.test.ts",
  // Requests, headers and the process: bodies, slow clients, hosts, logs and metrics, links masked.
  "tests/server/built-server.test.ts",
  "tests/server/class-conflicts.test.ts",
  "tests/server/lead-webhook-signature.test.ts",
  "tests/server/observability.test.ts",
  "tests/server/private-links.test.ts",
  "tests/server/request-body-limits.test.ts",
  "tests/server/site-address.test.ts",
  "tests/server/slow-clients.test.ts",
  // Image files: decoding, variants and their queue.
  "tests/server/image-variant-queue.test.ts",
  "tests/server/stock-image-variants.test.ts",
];

const vitestArguments =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ["--project", "server", "--project", "postgres", ...SAME_ON_EVERY_DATABASE.flatMap((file) => ["--exclude", file])];
const postgres = await startThrowawayPostgres();
console.info(`Postgres for the tests: ${postgres.url}`);

const vitest = spawn(process.execPath, [path.join(projectRoot, "node_modules/vitest/vitest.mjs"), "run", ...vitestArguments], {
  cwd: projectRoot,
  stdio: "inherit",
  env: { ...process.env, TEST_POSTGRES_URL: postgres.url },
});

// Stopped here, not by the signal: vitest stops its own servers, then Postgres goes.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => vitest.kill(signal));
process.on("exit", () => postgres.stop());

vitest.on("exit", (code, signal) => {
  postgres.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
