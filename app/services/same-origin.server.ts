import { json } from "@remix-run/node";
import { requestContext } from "./request-context.server";

/**
 * Every write (form post or JSON call) must come from the site's own pages:
 * a request whose Origin is another site is refused with 403 (thrown).
 */
export function assertSameOriginWrite(): void {
  if (requestContext().crossOriginWrite) {
    throw json({ error: "Cross-origin request refused" }, { status: 403 });
  }
}
