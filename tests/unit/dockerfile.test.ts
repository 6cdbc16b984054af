import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";

/** The Dockerfile's last stage (the one Fly runs), continuation lines joined. */
function runtimeStage(): string {
  const dockerfile = fs.readFileSync(path.join(projectRoot, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  return dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
}

/** The environment the Dockerfile's last stage (the one Fly runs) sets, continuation lines joined. */
function runtimeEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const line of runtimeStage()
    .split("\n")
    .filter((line) => line.startsWith("ENV "))) {
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

describe("the container's files", () => {
  const lines = runtimeStage().split("\n");

  it("keeps the app's files owned by root, so the server (running as node) cannot change its own code", () => {
    const copies = lines.filter((line) => line.startsWith("COPY "));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy, copy).not.toMatch(/--chown/);
    // Nothing handed to the node user afterwards either, but the data folder.
    const chowns = lines.filter((line) => /\bchown\b/.test(line));
    expect(chowns).toEqual([expect.stringMatching(/chown node:node \/data$/)]);
    expect(lines.filter((line) => /\bchmod\b.*(a\+w|o\+w|777|666)/.test(line))).toEqual([]);
  });

  it("starts through the entrypoint, which drops root for the node user with no way back (see docker-entrypoint.test.ts)", () => {
    expect(lines).toContain('ENTRYPOINT ["docker-entrypoint.sh"]');
    expect(lines.some((line) => /^USER\b/.test(line))).toBe(false);
  });
});

/** APP_URL as fly.toml's [env] sets it. */
function flyAppUrl(): string | undefined {
  const flyToml = fs.readFileSync(path.join(projectRoot, "fly.toml"), "utf8");
  const environment = flyToml.slice(flyToml.indexOf("\n[env]"), flyToml.indexOf("\n[", flyToml.indexOf("\n[env]") + 1));
  return /^\s*APP_URL\s*=\s*"([^"]+)"/m.exec(environment)?.[1];
}

describe("Fly's settings (fly.toml)", () => {
  it("give the site's address, APP_URL, an https:// origin: the server refuses to start in production without one", async () => {
    const appUrl = flyAppUrl();
    expect(appUrl).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    const { parseEnv } = await import("~/platform/env.server");
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", APP_URL: appUrl }).APP_URL).toBe(appUrl);
  });

  it("give the same APP_URL as the image, so the image started on its own links to where it is deployed", () => {
    expect(runtimeEnvironment().APP_URL).toBe(flyAppUrl());
  });
});
