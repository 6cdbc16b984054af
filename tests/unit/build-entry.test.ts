import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";
import { BUILD_STEPS } from "../../scripts/build.js";

/**
 * One production build, whoever builds: `npm start` on a fresh checkout must
 * serve the same app as `npm run build`, the tests, the benchmarks, CI and
 * the container (the terser pass over the browser's scripts and
 * build/migrations.js included).
 */

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

describe("the production build", () => {
  it("is scripts/build.js: Remix's compiler, the terser pass and the modules the scripts run (migrations, backups)", () => {
    expect(scripts.build).toBe("node scripts/build.js");
    expect(BUILD_STEPS.map((step) => step.join(" "))).toEqual([
      "node_modules/@remix-run/dev/dist/cli.js build",
      "scripts/minify-client-build.js",
      "scripts/build-script-modules.js",
    ]);
  });

  it("is what npm start builds with, and it rebuilds a build that lacks build/migrations.js", () => {
    const start = read("scripts/start.js");
    expect(start).toMatch(/import \{ buildApp \} from "\.\/build\.js";/);
    expect(start).toMatch(/\bbuildApp\(\);/);
    expect(start).not.toContain("@remix-run/dev");
    expect(start).toContain('"build/migrations.js"');
  });

  it("is what the tests, the benchmarks, the Postgres run and so CI build with", () => {
    for (const name of ["test", "bench", "test:postgres"]) expect(scripts[name], name).toContain("npm run build &&");
    for (const [name, command] of Object.entries(scripts)) {
      if (name !== "build") expect(command, name).not.toMatch(/remix build|minify-client-build|build-script-modules/);
    }
    const ci = read(".ci/run");
    expect(ci).toMatch(/^npm test$/m);
    expect(ci).not.toMatch(/remix build|minify-client-build|build-script-modules/);
  });

  it("is what the container builds with", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
    expect(dockerfile).not.toMatch(/remix build|minify-client-build|build-script-modules/);
  });
});
