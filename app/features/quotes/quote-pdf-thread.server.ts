import { Worker } from "node:worker_threads";
import type { QuoteProposal } from "./quotes";
import { logger } from "~/platform/logger.server";
import { renderQuotePdf } from "./quote-pdf.server";

/**
 * Where a quote's PDF is drawn: on its own thread once the server is told its file (startup.server.ts: build/quote-pdf-worker.js), else in the server's.
 * PDFKit draws synchronously (tens of ms for a long quote, half a second for the first after start-up), so in the server's thread every request waits for
 * it; on its own, only the PDF's downloads do (docs/decisions/013-quote-pdf-keep.md). One thread, started at the first PDF; it never holds the process open.
 */

/** What the server asks the thread: draw this proposal. */
export interface QuotePdfThreadRequest {
  id: number;
  proposal: QuoteProposal;
}

/** What the thread answers: the PDF's bytes, or why it could not draw it. */
export type QuotePdfThreadAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

let threadFile: URL | null = null;

/** PDFs are drawn on a thread running this file from now on. */
export function drawQuotePdfsOnItsOwnThread(file: URL): void {
  threadFile = file;
}

interface Pending {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let lastId = 0;

function startThread(file: URL) {
  const worker = new Worker(file);
  const pending = new Map<number, Pending>();
  const started = { worker, pending };
  const endAll = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("message", (answer: QuotePdfThreadAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ("bytes" in answer) waiting?.resolve(answer.bytes);
    else waiting?.reject(new Error(answer.error));
  });
  worker.on("error", (error) => {
    logger.error({ event: "quote_pdf.thread_failed", err: error }, "The quote PDF thread failed; the next PDF starts another");
    endAll(error);
  });
  worker.on("exit", (code) => endAll(new Error(`The quote PDF thread ended (exit code ${code})`)));
  // After the listeners: adding a message listener holds the process open again.
  worker.unref();
  return started;
}

/** Draws the proposal's PDF, on its own thread when there is one. */
export function drawQuotePdf(proposal: QuoteProposal): Promise<Uint8Array> {
  if (!threadFile) return renderQuotePdf(proposal);
  thread ??= startThread(threadFile);
  const { worker, pending } = thread;
  const id = ++lastId;
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, proposal } satisfies QuotePdfThreadRequest);
  });
}
