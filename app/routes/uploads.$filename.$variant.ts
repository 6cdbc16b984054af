import type { LoaderFunctionArgs } from "@remix-run/node";
import { stockImageVariantResponse } from "~/route-actions/image-response.server";
import { methodNotAllowed } from "~/route-actions/json-api.server";

/**
 * `GET /uploads/{filename}/{width}.{format}`: a resized WebP or AVIF copy of
 * an uploaded image, for the pages' `srcset` (see app/lib/image-variants.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return stockImageVariantResponse(request, params.filename ?? "", params.variant ?? "");
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
