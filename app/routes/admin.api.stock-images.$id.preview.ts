import type { LoaderFunctionArgs } from "@remix-run/node";
import { stockImageResponse } from "~/services/image-response.server";
import { methodNotAllowed } from "~/services/json-api.server";

/**
 * `GET /admin/api/stock-images/{id}/preview`: the image itself. Public
 * (SPEC section 7: the public pages show it), read-only, cached for a year.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Plain digits only: "1e0" or "0x1" name no image.
  const id = /^[1-9]\d{0,14}$/.test(params.id ?? "") ? Number(params.id) : 0;
  return stockImageResponse(request, { id });
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
