import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { STOCK_IMAGE_LOCATION_LABELS } from "~/lib/enums";
import { recordId } from "~/lib/route-params";
import { foundOrNull } from "~/models/model-error.server";
import { deleteStockImage, getStockImage } from "~/models/stock-images.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

const STOCK_IMAGES_PATH = "/admin/stock-images";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageImages", signedOut: "login" });
  const found = await foundOrNull(getStockImage(recordId(params.id)));
  const image = found && { originalName: found.originalName, location: found.location };
  return json({ image }, { status: image ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageImages", signedOut: "login" });
  // The spec's failure toast is "Delete Failed" with the server's text.
  return deleteAndReturn(request, {
    remove: () => deleteStockImage(user, recordId(params.id)),
    list: STOCK_IMAGES_PATH,
    done: "Image deleted successfully",
    failedTitle: "Delete Failed",
  });
}

export default function DeleteStockImageDialog() {
  const { image } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Delete image"
      description={image ? `${image.originalName} · ${STOCK_IMAGE_LOCATION_LABELS[image.location]}` : undefined}
      question="Are you sure you want to delete this image?"
      closeTo={`${STOCK_IMAGES_PATH}${search}`}
      found={image !== null}
      goneText="This image no longer exists. It may have been deleted already."
    />
  );
}
