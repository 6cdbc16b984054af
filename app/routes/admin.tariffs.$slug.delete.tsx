import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { TARIFFS_ADMIN_PATH } from "~/lib/tariffs-screen";
import { deleteTariff } from "~/models/tariffs.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { findTariffForPage } from "~/route-actions/tariff-pages.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  const tariff = await findTariffForPage(params.slug);
  return json({ tariff: tariff && { title: `${tariff.network} ${tariff.name}`, slug: tariff.slug } }, { status: tariff ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  return deleteAndReturn(request, {
    remove: () => deleteTariff(user, params.slug ?? ""),
    list: TARIFFS_ADMIN_PATH,
    done: "Tariff deleted",
  });
}

export default function DeleteTariffDialog() {
  const { tariff } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Delete tariff"
      description={tariff ? `${tariff.title} (${tariff.slug})` : undefined}
      question="Are you sure you want to delete this tariff? Leads that chose it keep what they saw; to take it off the website but keep it here, withdraw it instead."
      closeTo={`${TARIFFS_ADMIN_PATH}${search}`}
      found={tariff !== null}
      goneText="This tariff no longer exists. It may have been deleted already."
    />
  );
}
