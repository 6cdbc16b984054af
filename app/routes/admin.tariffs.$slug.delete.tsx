import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { deleteTariff } from "~/features/tariffs/tariffs.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";
import { findTariffForPage } from "~/features/tariffs/tariff-pages.server";

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
