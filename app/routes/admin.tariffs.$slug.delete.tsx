import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { deleteTariff } from "~/models/tariffs.server";
import { deleteAndReturn, loadDeleteDialog } from "~/route-actions/admin-delete.server";
import { findTariffForPage } from "~/route-actions/tariff-pages.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "tariff", async () => {
    const tariff = await findTariffForPage(params.slug);
    return tariff && { title: `${tariff.network} ${tariff.name}`, slug: tariff.slug };
  });

export const action = ({ request, params }: ActionFunctionArgs) => deleteAndReturn(request, "tariff", (user) => deleteTariff(user, params.slug ?? ""));

export default function DeleteTariffDialog() {
  const { record: tariff } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog of="tariff" description={tariff ? `${tariff.title} (${tariff.slug})` : undefined} found={tariff !== null} />;
}
