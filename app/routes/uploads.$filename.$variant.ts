import type { LoaderFunctionArgs } from "@remix-run/node";
import { stockImageVariantResponse } from "~/features/content/image-response.server";
import { methodNotAllowed } from "~/platform/json-api.server";

/**
 * `GET /uploads/{filename}/{width}.{format}`: a resized WebP or AVIF copy of
 * an uploaded image, for the pages' `srcset` (see app/platform/image-variants.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return stockImageVariantResponse(request, params.filename ?? "", params.variant ?? "");
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
