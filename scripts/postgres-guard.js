// Started by scripts/throwaway-postgres.js beside the Postgres server it starts (which pg_ctl runs
// apart from any process of ours): it holds nothing but its stdin, a pipe from the process that
// started it. When that process ends, in any way (a pass, a failure, SIGKILL), the pipe closes and
// this stops the server and removes its folder, so no run leaves a Postgres behind.
// Arguments: <pg_ctl path> <data folder> <folder to remove>.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const [pgCtl, dataDir, folder] = process.argv.slice(2);

function stopServer() {
  spawnSync(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"], { stdio: "ignore" });
  fs.rmSync(folder, { recursive: true, force: true });
  process.exit(0);
}

process.stdin.on("end", stopServer);
process.stdin.on("error", stopServer);
process.stdin.resume();
