import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { foundOrNull } from "~/platform/model-error.server";
import { deleteStockImage, getStockImage } from "~/features/content/stock-images.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";
import { STOCK_IMAGE_LOCATION_LABELS } from "~/features/content/stock-image-locations";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "image", async () => {
    const found = await foundOrNull(getStockImage(recordId(params.id)));
    return found && { originalName: found.originalName, location: found.location };
  });

export const action = ({ request, params }: ActionFunctionArgs) => deleteAndReturn(request, "image", (user) => deleteStockImage(user, recordId(params.id)));

export default function DeleteStockImageDialog() {
  const { record: image } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog
      of="image"
      description={image ? `${image.originalName} · ${STOCK_IMAGE_LOCATION_LABELS[image.location]}` : undefined}
      found={image !== null}
    />
  );
}
