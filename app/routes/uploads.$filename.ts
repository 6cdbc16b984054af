import type { LoaderFunctionArgs } from "@remix-run/node";
import { stockImageResponse } from "~/features/content/image-response.server";
import { methodNotAllowed } from "~/platform/json-api.server";

/**
 * `GET /uploads/{filename}`: an image by its stored name (the form logos,
 * SPEC section 7). Only names recorded in the table are served, so no path
 * a visitor types reaches the disk.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return stockImageResponse(request, { filename: params.filename ?? "" });
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
