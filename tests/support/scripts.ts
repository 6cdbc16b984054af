import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../../scripts/built-server.js";

const run = promisify(execFile);

/**
 * Runs one of the npm scripts' files (`scripts/<name>.js`) as `npm run <name>` would, with only
 * the given environment; never throws: gives the exit code and everything it printed.
 */
export async function runScript(name: "backup" | "restore" | "db-copy" | "retention", args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(projectRoot, `scripts/${name}.js`), ...args], {
      cwd: projectRoot,
      // APP_URL as an operator's machine has it (production requires one); the scripts make no links of it.
      env: { PATH: process.env.PATH, NODE_ENV: "production", APP_URL: "https://clearline.example.co.uk", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}
