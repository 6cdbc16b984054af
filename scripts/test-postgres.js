// `npm run test:postgres`: the test suites again, with every test server on Postgres instead of
// SQLite. Starts a throwaway Postgres server (scripts/throwaway-postgres.js), runs vitest with
// TEST_POSTGRES_URL pointing at it (tests/support/server.ts then gives each test server a database
// of its own), and stops the server however the run ends. Arguments go to vitest; with none, the
// projects that reach the database run: every route and model over HTTP (`server`) and what only
// exists with Postgres (`postgres`). The unit and build checks never open a database, and the browser
// journeys drive those same routes, so running them twice would only double the wait.
import { spawn } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./built-server.js";
import { startThrowawayPostgres } from "./throwaway-postgres.js";

const vitestArguments = process.argv.length > 2 ? process.argv.slice(2) : ["--project", "server", "--project", "postgres"];
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
