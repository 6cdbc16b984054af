import { PassThrough } from "node:stream";
import type { EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { requestContext } from "~/services/request-context.server";
import { contentSecurityPolicy } from "~/services/security-headers.server";
// Importing this starts the database migration and admin bootstrap as the server starts.
import "~/services/startup.server";

const ABORT_DELAY = 5_000;


const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) => {
  const { nonce } = requestContext();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // Bots get the whole page at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix logs them itself.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Unref'd: a finished render must not hold the process up for 5 s when the server stops.
    setTimeout(abort, ABORT_DELAY).unref();
  });
};

export default handleRequest;

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and expected answers (404s and the like) are not faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
