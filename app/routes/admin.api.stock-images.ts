import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { withStockImageUpload } from "~/platform/image-upload.server";
import { addStockImage, listStockImages, UploadRefused } from "~/features/content/stock-images.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * `GET /admin/api/stock-images`: every uploaded image, newest first (SPEC section 7).
 * `POST` a multipart form (`image`, `location`, `description`): 201 with the new image; 400 or 413
 * with the spec's message (and its title) when refused.
 */
const stockImages: AdminJsonRoute = {
  GET: { permission: "view", handle: () => listStockImages() },
  POST: {
    permission: "manageImages",
    // The upload holds itself to its limit as it reads, answering with the spec's "File Too Large".
    maxBodyBytes: Infinity,
    status: 201,
    handle: ({ request, user }) =>
      withStockImageUpload(request, (upload) => addStockImage(user, upload)).catch((error) => {
        if (!(error instanceof UploadRefused)) throw error;
        return json({ error: error.message, title: error.title, fieldErrors: { [error.field]: error.message } }, { status: error.status });
      }),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(stockImages, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(stockImages, args);
