import { Worker } from "node:worker_threads";
import type { RetentionCounts } from "./data-protection";

/**
 * An apply run on SQLite, on a thread of its own with its own connection to the database file. better-sqlite3 is synchronous: in the server's thread every
 * batch would hold every request up for its whole length (about 35 ms for 10 leads, most of it the search index's secure delete), and a staff member's page
 * waits at each of its turns. On its own thread the run only shares the database: reads never wait for it (write-ahead log), the server's own writes wait about
 * one batch. The server says where the thread's code is as it starts (startup.server.ts: build/retention-worker.js, from retention-worker.server.ts); without
 * it, and on Postgres, where the database does the work, the run stays in the server's thread.
 */

/** What the thread tells the server: the counts after each batch, then how it ended. */
export type RetentionThreadMessage = { kind: "batch"; counts: RetentionCounts } | { kind: "finished"; stopped: boolean } | { kind: "failed"; error: string };

/** What the server tells the thread: end after the batch under way. */
export const STOP_RETENTION_THREAD = "stop";

export interface RetentionThreadData {
  asOf: string;
}

let threadFile: URL | null = null;

/** Apply runs on SQLite go to a thread running this file from now on. */
export function runRetentionOnItsOwnThread(file: URL): void {
  threadFile = file;
}

/** The thread's file, when apply runs on SQLite have one. */
export function retentionThreadFile(): URL | null {
  return threadFile;
}

export interface RetentionThreadRun {
  threadId: number;
  /** Settles when the thread has ended: whether it was stopped before it finished; rejects when it failed. */
  ended: Promise<{ stopped: boolean }>;
  /** Asks the thread to end after its batch. */
  stop(): void;
}

/** Starts an apply run on its own thread; `counts` follows the thread's batch by batch. */
export function sweepOnItsOwnThread(file: URL, asOf: Date, counts: RetentionCounts): RetentionThreadRun {
  const workerData: RetentionThreadData = { asOf: asOf.toISOString() };
  const worker = new Worker(file, { workerData });
  const ended = new Promise<{ stopped: boolean }>((resolve, reject) => {
    let outcome: RetentionThreadMessage | undefined;
    worker.on("message", (message: RetentionThreadMessage) => {
      if (message.kind === "batch") Object.assign(counts, message.counts);
      else outcome = message;
    });
    worker.on("error", reject);
    worker.on("exit", (code) => {
      if (outcome?.kind === "finished") resolve({ stopped: outcome.stopped });
      else if (outcome?.kind === "failed") reject(new Error(outcome.error));
      else reject(new Error(`The retention thread ended before it finished (exit code ${code})`));
    });
  });
  return { threadId: worker.threadId, ended, stop: () => worker.postMessage(STOP_RETENTION_THREAD) };
}
