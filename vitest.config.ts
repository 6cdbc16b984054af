import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/** The database test servers with the owner's account start from (made once per project and run). */
const SERVER_TEMPLATE = "tests/support/server-template.ts";
/** The test servers' password hash cost, in the test process too (it hashes the passwords of the users it makes). */
const TEST_PROCESS_TUNING = "tests/support/test-process-tuning.ts";

/**
 * For files that reach the app only through the servers and browsers they start (server, browser,
 * postgres): a worker runs its files one after another in one process, so the test helpers load
 * once per worker rather than once per file (a fifth less CPU on 24 server files: 263 s to 210 s).
 * They change no process-wide state; the unit tests, which point the app's modules at a data
 * folder of their own, stay isolated.
 */
const withoutIsolation = { isolate: false };

/** What every project shares. */
const shared = {
  globals: true,
  // expect.poll waits on a state; how long that takes depends on the machine, so the
  // bound is the test's own timeout rather than vitest's one-second default.
  expect: { poll: { timeout: 25_000 } },
};

export default defineConfig({
  resolve: { alias },
  test: {
    ...shared,
    // Test files mostly wait on servers and browsers, so more run at once than there are cores.
    // The time limits below only catch a test that is stuck: on a busy machine every step is slower.
    maxWorkers: 3,
    // Tests run against the built server (npm test builds first) and a real SQLite file,
    // or a throwaway Postgres server under `npm run test:postgres`.
    projects: [
      // Functions and modules on their own, in this process: no build needed (`npm run test:unit`).
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // The built output itself, read from disk (no server): what a visit downloads, the routes as built.
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "build",
          include: ["tests/build/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // The built server over HTTP: routes, their models and the database, scripts, start and stop.
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "server",
          ...withoutIsolation,
          include: ["tests/server/**/*.test.ts"],
          globalSetup: [SERVER_TEMPLATE],
          setupFiles: [TEST_PROCESS_TUNING],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "browser",
          ...withoutIsolation,
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: [SERVER_TEMPLATE],
          setupFiles: [TEST_PROCESS_TUNING],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      // What only exists with Postgres (`npm run test:postgres`): several machines on one
      // database, and moving a SQLite database across.
      ...(process.env.TEST_POSTGRES_URL
        ? [
            {
              resolve: { alias },
              test: {
                ...shared,
                name: "postgres",
                ...withoutIsolation,
                include: ["tests/postgres/**/*.test.ts"],
                globalSetup: [SERVER_TEMPLATE],
                setupFiles: [TEST_PROCESS_TUNING],
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
