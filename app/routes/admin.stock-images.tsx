import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { StockImageGrid } from "~/features/content/stock-image-grid";
import { StockImageUploadForm } from "~/features/content/stock-image-upload-form";
import { useAdminUser } from "~/features/staff/admin-session";
import { addStockImage, listStockImages, UploadRefused } from "~/features/content/stock-images.server";
import { ModelError } from "~/platform/model-error.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { withStockImageUpload } from "~/platform/image-upload.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";
import { titleWithCount } from "~/lib/plural";

export const meta: MetaFunction = () => [{ title: "Stock Images | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  return json({ images: await listStockImages() });
}

/** The upload form's post (the same model function as `POST /admin/api/stock-images`). */
export async function action({ request }: ActionFunctionArgs) {
  // The upload holds itself to its limit as it reads, answering with the spec's "File Too Large".
  const user = await requireAdminPageUser(request, { permission: "manageImages", signedOut: "login", maxBodyBytes: Infinity });
  try {
    await withStockImageUpload(request, (upload) => addStockImage(user, upload));
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const title = error instanceof UploadRefused ? error.title : "Upload Failed";
    return json({ toast: raiseToast({ kind: "destructive", title, description: error.message }) }, { status: error.status });
  }
  return redirectWithToast("/admin/stock-images", { kind: "success", title: "Image uploaded successfully" });
}

export default function StockImages() {
  const { images } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/admin/stock-images";

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Stock Images</h1>
        <p className="mt-1 text-slate-600">The pictures the website shows in each section. The first image of a section is the one shown.</p>
      </div>

      {permissions.manageImages ? (
        <StockImageUploadForm />
      ) : (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          You can view the images. Uploading and deleting them needs an administrator.
        </p>
      )}

      <section aria-labelledby="images-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="images-heading" className="text-xl font-semibold text-slate-900">
            {titleWithCount("Uploaded images", images.length)}
          </h2>
          <p role="status" className="text-sm font-medium text-slate-600">
            {refreshing ? "Loading images..." : ""}
          </p>
        </div>
        <StockImageGrid images={images} canDelete={permissions.manageImages} />
      </section>
      <Outlet />
    </div>
  );
}
