import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { stockImageResponse } from "~/features/content/image-response.server";
import { methodNotAllowed } from "~/platform/json-api.server";

/**
 * `GET /admin/api/stock-images/{id}/preview`: the image itself. Public
 * (SPEC section 7: the public pages show it), read-only, cached for a year.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return stockImageResponse(request, { id: recordId(params.id) });
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
