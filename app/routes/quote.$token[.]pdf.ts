import type { LoaderFunctionArgs } from "@remix-run/node";
import { quotePdfResponse } from "~/route-actions/quote-pages.server";

/**
 * /quote/{token}.pdf: the customer's quote as a PDF download (not a view).
 * The file name's `[.]` keeps the dot literal, so the route's pattern is
 * `/quote/:token.pdf` and React Router ranks it above `/quote/:token`.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return quotePdfResponse(params.token ?? "");
}
