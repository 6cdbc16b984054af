import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";
import { isRunning, startStandIn, waitUntil } from "../support/processes";

describe("the throwaway Postgres of npm run test:postgres", () => {
  it("stops, and its folder goes, when the process that started it is killed", async () => {
    const starter = startStandIn(
      `const { startThrowawayPostgres } = await import(${JSON.stringify(path.join(projectRoot, "scripts/throwaway-postgres.js"))});
       const postgres = await startThrowawayPostgres();
       console.log("postgres-pid=" + postgres.pid + " folder=" + postgres.folder);
       setInterval(() => {}, 1000);`,
    );
    let pid = 0;
    try {
      pid = Number(await starter.reported("postgres-pid"));
      const folder = await starter.reported("folder");
      expect(isRunning(pid)).toBe(true);
      expect(fs.existsSync(folder)).toBe(true);

      // No stop(), no exit handler: only the guard beside the server is left to stop it.
      starter.process.kill("SIGKILL");
      await waitUntil(() => !isRunning(pid) && !fs.existsSync(folder), "the orphaned Postgres to stop and its folder to go");
      expect(isRunning(pid)).toBe(false);
      expect(fs.existsSync(folder)).toBe(false);
    } finally {
      starter.process.kill("SIGKILL");
      if (pid && isRunning(pid)) process.kill(pid, "SIGQUIT");
    }
  });
});
