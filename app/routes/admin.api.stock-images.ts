import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { addStockImage, listStockImages, UploadRefused } from "~/models/stock-images.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { withStockImageUpload } from "~/services/image-upload.server";
import { methodNotAllowed, modelErrorResponse } from "~/services/json-api.server";

/** `GET /admin/api/stock-images`: every uploaded image, newest first (SPEC section 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return json(await listStockImages(), { headers: { "Cache-Control": "no-store" } });
}

/**
 * `POST` a multipart form (`image`, `location`, `description`): 201 with the
 * new image; 400 or 413 with the spec's message (and its title) when refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("GET, POST");
  }
  // The upload holds itself to its limit as it reads, answering with the spec's "File Too Large".
  const user = await requireAdminApiUser(request, "manageImages", { maxBodyBytes: Infinity });
  return withStockImageUpload(request, (upload) => addStockImage(user, upload)).then(
    (image) => json(image, { status: 201 }),
    (error) => {
      if (error instanceof UploadRefused) {
        return json({ error: error.message, title: error.title, fieldErrors: { [error.field]: error.message } }, { status: error.status });
      }
      return modelErrorResponse(error);
    },
  );
}
