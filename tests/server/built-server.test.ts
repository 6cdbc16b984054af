import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";
import { isRunning, startStandIn, waitUntil } from "../support/processes";

describe("servers started by tests and benchmarks", () => {
  it("stop when the process that started them is killed, so no run leaves one behind", async () => {
    // A stand-in for a test worker: starts a server, reports its pid, then waits forever.
    const starter = startStandIn(
      `const { startBuiltServer } = await import(${JSON.stringify(path.join(projectRoot, "scripts/built-server.js"))});
       const server = await startBuiltServer();
       console.log("server-pid=" + server.pid);
       setInterval(() => {}, 1000);`,
    );
    let serverPid = 0;
    try {
      serverPid = Number(await starter.reported("server-pid"));
      expect(isRunning(serverPid)).toBe(true);

      starter.process.kill("SIGKILL");
      await waitUntil(() => !isRunning(serverPid), "the orphaned server to stop");
      expect(isRunning(serverPid)).toBe(false);
    } finally {
      // Whatever failed above, neither the stand-in nor its server outlives this test.
      starter.process.kill("SIGKILL");
      if (serverPid && isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    }
  });
});
