import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, projectRoot } from "../../scripts/built-server.js";
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

describe("npm start", () => {
  it("on a fresh machine (no APP_URL, no SESSION_SECRET) serves the site at http://localhost:PORT, saying so", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
    const port = await freePort();
    // As `npm start` runs it, stopped with this test's process whatever happens (exit-with-parent.js).
    const started = spawn(process.execPath, ["--import", pathToFileURL(path.join(projectRoot, "scripts/exit-with-parent.js")).href, "scripts/start.js"], {
      cwd: projectRoot,
      // NODE_ENV as remix-serve sets it when a laptop has none.
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let printed = "";
    started.stdout.on("data", (chunk) => (printed += chunk));
    started.stderr.on("data", (chunk) => (printed += chunk));
    const exited = new Promise((resolve) => started.once("exit", resolve));
    try {
      const siteAddress = `http://localhost:${port}`;
      await waitUntil(
        () => printed.includes(`APP_URL is not set: using ${siteAddress}`) || started.exitCode !== null,
        "npm start to say which address it uses",
        150_000,
      );
      expect(printed).toContain(`APP_URL is not set: using ${siteAddress} for the site's address`);
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              (answer) => answer.status,
              () => 0,
            ),
          { timeout: 150_000 },
        )
        .toBe(200);
      const page = await (await fetch(`http://127.0.0.1:${port}/about`)).text();
      expect(page).toContain(`<link rel="canonical" href="${siteAddress}/about"/>`);
    } finally {
      started.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
