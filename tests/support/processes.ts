import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Alive and not a zombie waiting to be reaped by whichever process adopted it. */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Waits on a state; the deadline only catches one that never comes. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A stand-in for a test worker: a Node process running `script` (an ES module body), which
 * prints `name=value` lines. `reported(name)` waits for one and gives its value.
 */
export function startStandIn(script: string): { process: ChildProcess; reported: (name: string) => Promise<string> } {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let printed = "";
  child.stdout.on("data", (chunk) => (printed += chunk));
  const reported = async (name: string) => {
    const pattern = new RegExp(`${name}=(\\S+)`);
    await waitUntil(() => pattern.test(printed) || child.exitCode !== null, `${name} from the stand-in`);
    const value = pattern.exec(printed)?.[1];
    if (!value) throw new Error(`The stand-in ended without reporting ${name}: ${printed}`);
    return value;
  };
  return { process: child, reported };
}
