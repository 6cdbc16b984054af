import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteStockImage, getStockImage } from "~/models/stock-images.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, modelErrorResponse, numericId } from "~/services/json-api.server";

/** One image's record (beyond the spec). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const id = numericId(params.id, "Image");
  return getStockImage(id).then((image) => json(image, { headers: { "Cache-Control": "no-store" } }), modelErrorResponse);
}

/** `DELETE` removes the image's record and its stored file (SPEC section 7). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const user = await requireAdminApiUser(request, "manageImages");
    const id = numericId(params.id, "Image");
    return deleteStockImage(user, id).then(() => new Response(null, { status: 204 }), modelErrorResponse);
  }
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET, DELETE");
}
