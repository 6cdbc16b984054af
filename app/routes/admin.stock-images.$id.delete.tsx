import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/dialog";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { STOCK_IMAGE_LOCATION_LABELS } from "~/lib/enums";
import { deleteStockImage, getStockImage } from "~/models/stock-images.server";
import { ModelError } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/services/auth.server";
import { raiseToast, redirectWithToast } from "~/services/toast.server";

const CLOSE_TO = "/admin/stock-images";

function imageIdFrom(value: string | undefined): number {
  return /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : 0;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageImages", signedOut: "login" });
  try {
    const image = await getStockImage(imageIdFrom(params.id));
    return json({ image: { originalName: image.originalName, location: image.location } });
  } catch (error) {
    if (error instanceof ModelError && error.status === 404) return json({ image: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageImages", signedOut: "login" });
  try {
    await deleteStockImage(user, imageIdFrom(params.id));
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return json({ toast: raiseToast({ kind: "destructive", title: "Delete Failed", description: error.message }) }, { status: error.status });
  }
  return redirectWithToast(CLOSE_TO, { kind: "success", title: "Image deleted successfully" });
}

export default function DeleteStockImageDialog() {
  const { image } = useLoaderData<typeof loader>();
  useToastFromAnswer(useActionData<typeof action>());
  return (
    <RouteDialog
      title="Delete image"
      description={image ? `${image.originalName} · ${STOCK_IMAGE_LOCATION_LABELS[image.location]}` : undefined}
      closeTo={CLOSE_TO}
    >
      {image ? (
        <ConfirmForm question="Are you sure you want to delete this image?" cancelTo={CLOSE_TO} />
      ) : (
        <p className="text-slate-700">This image no longer exists. It may have been deleted already.</p>
      )}
    </RouteDialog>
  );
}
