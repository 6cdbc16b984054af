import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseComparisonStrictly } from "~/features/tariffs/tariff-comparison-schema";
import { NewComparisonsLimited, tariffListJson } from "~/features/tariffs/tariff-comparison.server";

/**
 * `GET /api/tariffs` (docs/comparison.md): the live tariffs that fit the
 * query, priced for its lines, in its order, a page at a time:
 * `{ total, limit, offset, tariffs }`. 400 `{ error, fieldErrors }` for a bad
 * parameter; 429 `{ error }` with Retry-After past the client's allowance of new
 * comparisons. Answered from memory, and not kept by clients or proxies, so a
 * staff change shows at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseComparisonStrictly(new URL(request.url).searchParams);
  if (!parsed.success) {
    return json({ error: "Invalid comparison", fieldErrors: parsed.fieldErrors }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  let body: string;
  try {
    body = await tariffListJson(parsed.request.query, parsed.page);
  } catch (error) {
    if (!(error instanceof NewComparisonsLimited)) throw error;
    return json({ error: error.message }, { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(error.retryAfterSeconds) } });
  }
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Read-only: any other method is answered here rather than by Remix's logged "no action" error. */
export function action() {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
