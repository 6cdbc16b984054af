import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";

/** Alive and not a zombie waiting to be reaped by whichever process adopted it. */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("servers started by tests and benchmarks", () => {
  it("stop when the process that started them is killed, so no run leaves one behind", async () => {
    // A stand-in for a test worker: starts a server, reports its pid, then waits forever.
    const starter = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { startBuiltServer } = await import(${JSON.stringify(path.join(projectRoot, "scripts/built-server.js"))});
         const server = await startBuiltServer();
         console.log("server-pid=" + server.pid);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let printed = "";
    let serverPid = 0;
    try {
      starter.stdout.on("data", (chunk) => (printed += chunk));
      await waitUntil(() => /server-pid=\d+/.test(printed) || starter.exitCode !== null, "the server's pid");
      serverPid = Number(/server-pid=(\d+)/.exec(printed)?.[1]);
      expect(isRunning(serverPid)).toBe(true);

      starter.kill("SIGKILL");
      await waitUntil(() => !isRunning(serverPid), "the orphaned server to stop");
      expect(isRunning(serverPid)).toBe(false);
    } finally {
      // Whatever failed above, neither the stand-in nor its server outlives this test.
      starter.kill("SIGKILL");
      if (serverPid && isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    }
  });
});
