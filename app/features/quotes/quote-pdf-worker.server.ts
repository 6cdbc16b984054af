import { parentPort } from "node:worker_threads";
import { renderQuotePdf } from "./quote-pdf.server";
import type { QuotePdfThreadAnswer, QuotePdfThreadRequest } from "./quote-pdf-thread.server";

/** The quote PDFs' own thread (quote-pdf-thread.server.ts), built into build/quote-pdf-worker.js: draws each proposal sent, in turn, answering its bytes. */

const port = parentPort!;
const answer = (message: QuotePdfThreadAnswer) => port.postMessage(message);

port.on("message", async ({ id, proposal }: QuotePdfThreadRequest) => {
  try {
    answer({ id, bytes: await renderQuotePdf(proposal) });
  } catch (failure) {
    answer({ id, error: failure instanceof Error ? failure.message : String(failure) });
  }
});
