import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";

const entrypoint = path.join(projectRoot, "scripts/docker-entrypoint.sh");
const runningAsRoot = process.getuid?.() === 0;
// The container's user is `node`; this machine may not have one, so the test hands the folder to `nobody`.
const unprivileged = { name: "nobody", uid: Number(execFileSync("id", ["-u", "nobody"]).toString().trim()) };

describe("the container's entrypoint", () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    runningAsRoot
      ? "gives a root-owned volume (as Fly mounts it) to the unprivileged user and runs the server as them"
      : "runs the command unchanged when not started as root",
    () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "entrypoint-data-"));
      fs.mkdirSync(path.join(dataDir, "uploads"));
      fs.writeFileSync(path.join(dataDir, "app.db"), "");
      const ran = execFileSync(entrypoint, ["sh", "-c", 'id -u && touch "$DATA_DIR/written-by-server"'], {
        env: { NODE_ENV: "production", PATH: process.env.PATH, DATA_DIR: dataDir, RUN_AS: unprivileged.name },
      })
        .toString()
        .trim();
      const written = fs.statSync(path.join(dataDir, "written-by-server"));
      if (runningAsRoot) {
        expect(ran).toBe(String(unprivileged.uid));
        for (const entry of ["", "uploads", "app.db"]) expect(fs.statSync(path.join(dataDir, entry)).uid, entry || "the folder").toBe(unprivileged.uid);
        expect(written.uid).toBe(unprivileged.uid);
      } else {
        expect(ran).toBe(String(process.getuid?.()));
        expect(written.uid).toBe(process.getuid?.());
      }
    },
  );

  it("runs the server with no_new_privs set, so no setuid program it starts can gain privileges (root's included)", () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "entrypoint-data-"));
    const ran = execFileSync(entrypoint, ["sh", "-c", "grep '^NoNewPrivs:' /proc/self/status"], {
      env: { NODE_ENV: "production", PATH: process.env.PATH, DATA_DIR: dataDir, RUN_AS: unprivileged.name },
    })
      .toString()
      .trim();
    expect(ran).toMatch(/^NoNewPrivs:\s+1$/);
  });
});
