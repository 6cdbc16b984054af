import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "./logger.server";

/** A render still unfinished after this long is stopped. */
export const RENDER_ABORT_DELAY_MS = 5_000;

/**
 * The whole page as one string, or null when rendering failed. Pages are sent whole rather than streamed: no route defers data, so the shell is the page, and
 * one body compresses in one pass instead of hundreds of small writes.
 */
export function renderWholePage(page: ReactElement, nonce?: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    // Cleared as soon as the render ends: the timer holds the render (every chunk of the page) for as long as it waits, which at a few dozen pages a second
    // kept about 100 MB alive for nothing. Unref'd: an unfinished render must not hold the process up when the server stops.
    const abortTimer = setTimeout(() => render.abort(), RENDER_ABORT_DELAY_MS).unref();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(abortTimer);
        resolve(failed ? null : Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const render = renderToPipeableStream(page, {
      nonce,
      onAllReady: () => render.pipe(sink),
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        logger.error({ event: "render.failed", err: error }, "Rendering a page failed");
      },
    });
  });
}
