import { parentPort, workerData } from "node:worker_threads";
import { getDb } from "~/platform/db.server";
import { sweep, zeroCounts } from "./retention-sweep.server";
import { STOP_RETENTION_THREAD, type RetentionThreadData, type RetentionThreadMessage } from "./retention-thread.server";

/**
 * The code of an apply run's own thread (retention-thread.server.ts), built into build/retention-worker.js: the sweep on a connection of its own, its counts
 * told to the server after each batch. The server records the run.
 */

const port = parentPort!;
const { asOf } = workerData as RetentionThreadData;
let stopped = false;
port.on("message", (message) => {
  if (message === STOP_RETENTION_THREAD) stopped = true;
});
const tell = (message: RetentionThreadMessage) => port.postMessage(message);

const db = await getDb();
try {
  const counts = zeroCounts();
  await sweep(db, { asOf: new Date(asOf), apply: true, counts, stopped: () => stopped, afterBatch: (sofar) => tell({ kind: "batch", counts: sofar }) });
  tell({ kind: "finished", stopped });
} catch (failure) {
  tell({ kind: "failed", error: failure instanceof Error ? failure.message : String(failure) });
} finally {
  await db.destroy();
  port.close();
}
