// Loaded (`node --import`) into a server that a test or benchmark starts: the
// starter holds this process's stdin open, so when the starter ends in any way
// (a pass, a failure, a timeout, SIGKILL), stdin closes and the server stops
// itself the normal way instead of running on without an owner.
import { isMainThread } from "node:worker_threads";

// Only in the server's main thread: a worker thread (retention's) loads the same hooks, and its stdin is empty.
if (isMainThread) {
  process.stdin.on("end", () => {
    process.kill(process.pid, "SIGTERM");
    // If SIGTERM does not end it (a request that never finishes), leave anyway.
    setTimeout(() => process.exit(1), 10_000).unref();
  });
  process.stdin.on("error", () => {});
  process.stdin.resume();
  // A paused or idle stdin must not keep the server alive on its own.
  process.stdin.unref?.();
}
