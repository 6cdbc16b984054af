import type { IncomingMessage, ServerResponse } from "node:http";
import type { QuoteProposal } from "./quotes";
import { metrics } from "~/platform/metrics.server";
import { drawQuotePdf } from "./quote-pdf-thread.server";
import { workInTurn } from "~/platform/work-in-turn.server";

/**
 * A quote's PDF is drawn once per state of its document and kept (docs/decisions/013-quote-pdf-keep.md): the customer downloading it again, or anyone holding
 * the link asking for it many times at once, is answered from memory. Kept per quote under the state stamp read as the request arrived (`quotePdfState`: the
 * quote's and its lead's last change), before the document was read: the PDF shows that state or a later one, which no later request's stamp matches, so a
 * changed document is never answered with the old PDF; it is drawn again and replaces it. Downloads of the same state that arrive while it is being drawn wait
 * for that drawing. A download of a kept PDF is answered before Express and Remix see it (`answerKeptQuotePdf`): one read of the state, then the bytes, so that
 * 40 at once cost the server about what 40 static files do.
 *
 * Drawing is bounded: MAX_DRAWING at once, MAX_WAITING in line, and beyond that the download is refused (QuotePdfDrawersBusy: 503 with Retry-After), so a flood
 * of different quotes cannot queue work without end.
 */

/** Bytes of PDFs kept at most (a 60-line quote's is about 20 KiB); the one asked for longest ago goes first. */
export const MAX_KEPT_QUOTE_PDF_BYTES = 16 * 1024 * 1024;
/** PDFs drawn at once: one, on the PDFs' one thread. */
export const MAX_DRAWING = 1;
/** PDFs waiting to be drawn; past this a download is refused. */
export const MAX_WAITING = 8;
/** Told to a customer whose PDF could not be queued: try again in this many seconds. */
export const QUOTE_PDF_RETRY_AFTER_SECONDS = 5;

/** Every drawing turn is taken and the line is full: answer 503, try again later. */
export class QuotePdfDrawersBusy extends Error {
  constructor() {
    super("Busy drawing other quotes' PDFs; please try again in a few seconds.");
  }
}

interface KeptPdf {
  stamp: string;
  bytes: Uint8Array;
}

/** By quote (its id): the PDF of its latest state drawn, most recently asked last. */
const kept = new Map<number, KeptPdf>();
let keptBytes = 0;
/** By quote and state: the drawing under way. */
const underWay = new Map<string, Promise<Uint8Array>>();

function forget(quote: number) {
  const entry = kept.get(quote);
  if (!entry) return;
  kept.delete(quote);
  keptBytes -= entry.bytes.byteLength;
}

function keep(quote: number, stamp: string, bytes: Uint8Array) {
  forget(quote);
  if (bytes.byteLength > MAX_KEPT_QUOTE_PDF_BYTES) return;
  kept.set(quote, { stamp, bytes });
  keptBytes += bytes.byteLength;
  while (keptBytes > MAX_KEPT_QUOTE_PDF_BYTES) forget(kept.keys().next().value!);
}

/** The PDF of this quote in this state when it is kept (HEAD's length), without drawing it. */
export function keptQuotePdf(quote: number, stamp: string): Uint8Array | undefined {
  const entry = kept.get(quote);
  if (entry?.stamp !== stamp) return undefined;
  // Most recently asked last, so the first dropped is the one asked for longest ago.
  kept.delete(quote);
  kept.set(quote, entry);
  return entry.bytes;
}

const inDrawingTurn = workInTurn(
  () => ({ running: MAX_DRAWING, waiting: MAX_WAITING }),
  () => {
    metrics.quotePdfsRefused.inc();
    return new QuotePdfDrawersBusy();
  },
);

/** The PDF of this quote in the state `stamp`: kept, or drawn now in turn from `proposal()` and kept. Throws QuotePdfDrawersBusy when too many are drawing. */
export function quotePdf(quote: number, stamp: string, proposal: () => Promise<QuoteProposal>): Promise<Uint8Array> {
  const found = keptQuotePdf(quote, stamp);
  if (found) return Promise.resolve(found);
  const key = `${quote} ${stamp}`;
  let drawing = underWay.get(key);
  if (!drawing) {
    drawing = inDrawingTurn(async () => {
      const bytes = await drawQuotePdf(await proposal());
      metrics.quotePdfsDrawn.inc();
      keep(quote, stamp, bytes);
      return bytes;
    }).finally(() => underWay.delete(key));
    underWay.set(key, drawing);
  }
  return drawing;
}

/** The PDF's headers: a download, never kept by a cache or a search engine (as every page of the customer's). */
export function quotePdfHeaders(reference: string, byteLength?: number): Record<string, string> {
  return {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${reference}.pdf"`,
    ...(byteLength === undefined ? {} : { "Content-Length": String(byteLength) }),
  };
}

/** What a quote's PDF is drawn from, by its token (`quotePdfState`), or null for no sent quote. */
export type ReadQuotePdfState = (token: string) => Promise<{ quoteId: number; reference: string; stamp: string } | null>;

let readState: ReadQuotePdfState | undefined;

/** Kept PDFs are answered before Express and Remix, their state read with `read`. Set once as the server starts (the models own the query). */
export function answerKeptQuotePdfsFrom(read: ReadQuotePdfState): void {
  readState = read;
}

const QUOTE_PDF_PATH = /^\/quote\/([A-Za-z0-9_-]{22})\.pdf$/;

/** Whether this request is a download of a quote's PDF that `answerKeptQuotePdf` may answer. */
export function isQuotePdfDownload(request: IncomingMessage): boolean {
  return readState !== undefined && (request.method === "GET" || request.method === "HEAD") && QUOTE_PDF_PATH.test(request.url ?? "");
}

/**
 * Answers a download of a PDF kept in the quote's current state (HEAD: headers only). Resolves false, having sent nothing, when the route must answer it (not
 * kept, no sent quote, or the state unreadable); never rejects.
 */
export async function answerKeptQuotePdf(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const token = QUOTE_PDF_PATH.exec(request.url ?? "")?.[1];
  if (!token || !readState) return false;
  const state = await readState(token).catch(() => null);
  const bytes = state && keptQuotePdf(state.quoteId, state.stamp);
  if (!state || !bytes || response.destroyed) return false;
  response.writeHead(200, quotePdfHeaders(state.reference, bytes.byteLength));
  response.end(request.method === "HEAD" ? undefined : bytes);
  return true;
}
