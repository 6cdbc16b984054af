import { json } from "@remix-run/node";
import { BODY_LIMITS, bodyTooLargeResponse, declaredBodyBytes } from "./request-body.server";
import { requestContext } from "./request-store.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The first thing every write (form post or JSON call) goes through, before any work: a request from another site's page is refused with 403, and a body that
 * declares more than the route accepts with 413 before any of it is read (thrown). A body sent without a size is held to the same limit as it is read.
 */
export function assertWriteAccepted(request: Request, maxBodyBytes: number = BODY_LIMITS.form): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (requestContext().crossOriginWrite) {
    throw json({ error: "Cross-origin request refused" }, { status: 403 });
  }
  const declared = declaredBodyBytes(request.headers);
  if (declared !== null && declared > maxBodyBytes) throw bodyTooLargeResponse(request, maxBodyBytes);
}
