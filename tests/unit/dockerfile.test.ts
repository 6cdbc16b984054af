import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";

/** The environment the Dockerfile's last stage (the one Fly runs) sets, continuation lines joined. */
function runtimeEnvironment(): Record<string, string> {
  const dockerfile = fs.readFileSync(path.join(projectRoot, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const environment: Record<string, string> = {};
  for (const line of runtimeStage.split("\n").filter((line) => line.startsWith("ENV "))) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)) environment[name] = value;
  }
  return environment;
}

describe("the container's runtime settings", () => {
  it("gives Node options that Node accepts, so the server starts (a refused NODE_OPTIONS stops every node process in the container)", () => {
    const { NODE_OPTIONS } = runtimeEnvironment();
    expect(NODE_OPTIONS).toContain("--max-semi-space-size=");
    const ran = execFileSync(process.execPath, ["-e", "console.log('started')"], {
      env: { NODE_ENV: "production", PATH: process.env.PATH, NODE_OPTIONS },
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(ran.toString().trim()).toBe("started");
  });
});
