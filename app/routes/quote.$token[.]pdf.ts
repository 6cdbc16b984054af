import type { LoaderFunctionArgs } from "@remix-run/node";
import { quotePdfResponse } from "~/features/quotes/quote-pages.server";

/**
 * /quote/{token}.pdf: the customer's quote as a PDF download (not a view).
 * The file name's `[.]` keeps the dot literal, so the route's pattern is
 * `/quote/:token.pdf` and React Router ranks it above `/quote/:token`.
 * Remix answers HEAD through this loader too: the request's method tells it apart.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return quotePdfResponse(request, params.token ?? "");
}
