import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    // Tests run against the built server (npm test builds first) and a real SQLite file.
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          globals: true,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "browser",
          globals: true,
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
