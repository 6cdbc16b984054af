import type { EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { sharesPageWithAnonymousVisitors } from "~/platform/page-cache";
import { NonceProvider } from "~/lib/nonce";
import { RequestIdProvider } from "~/lib/request-id";
import { keepRenderedPage } from "~/platform/page-cache.server";
import { RENDER_ABORT_DELAY_MS, renderWholePage } from "~/platform/render-page.server";
import { startScriptsAfterLoad } from "~/platform/page-scripts.server";
import { contentSecurityPolicy, inlineHashes } from "~/platform/security-headers.server";
// Importing this starts the database migration and admin bootstrap as the server starts.
import "~/startup.server";
import { logger } from "~/platform/logger.server";
import { requestContext } from "~/platform/request-store.server";

/**
 * Whether this answer may be kept for every anonymous visitor: an anonymous GET
 * (the request context decided that), a 200 from a route that shares its pages,
 * and nothing in it made for this one visitor (a cookie set, a toast, a form answer).
 */
function isShareable(request: Request, statusCode: number, headers: Headers, remixContext: EntryContext): boolean {
  const { staticHandlerContext: state, routeModules } = remixContext;
  return (
    request.method === "GET" &&
    statusCode === 200 &&
    !headers.has("Set-Cookie") &&
    !state.actionData &&
    !state.errors &&
    state.matches.some((match) => sharesPageWithAnonymousVisitors(routeModules[match.route.id]?.handle))
  );
}

/** The whole page, its scripts set to start once it has loaded; null when rendering failed. */
async function renderDocument(page: ReactElement, nonce?: string): Promise<string | null> {
  const html = await renderWholePage(page, nonce);
  return html === null ? null : startScriptsAfterLoad(html, nonce);
}

const handleRequest: HandleDocumentRequestFunction = async (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) => {
  const { pageCache } = requestContext();
  if (pageCache && isShareable(request, responseStatusCode, responseHeaders, remixContext)) {
    // No nonce: a shared page's inline scripts are allowed by their hashes.
    const html = await renderDocument(<RemixServer context={remixContext} url={request.url} abortDelay={RENDER_ABORT_DELAY_MS} />);
    if (html !== null) {
      for (const [name, value] of Object.entries(keepRenderedPage(pageCache, html))) responseHeaders.set(name, value);
      responseHeaders.set("X-Page-Cache", "miss");
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    }
    responseStatusCode = 500;
  }

  const { nonce } = requestContext();
  // A page made for this visitor alone (a toast, a cookie being set) is kept by no cache.
  if (responseHeaders.has("Set-Cookie") && !responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const html = await renderDocument(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={requestContext().requestId}>
        <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_ABORT_DELAY_MS} />
      </RequestIdProvider>
    </NonceProvider>,
    nonce,
  );
  if (html === null) throw new Error("The page could not be rendered");
  // Set once the whole page is rendered, so its own inline styles can be listed by their hashes.
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, inlineHashes(html, "style")));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
};

export default handleRequest;

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and expected answers (404s and the like) are not faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logger.error({ event: "request.failed", err: error }, "Answering a request failed");
}
