import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TariffForm, type TariffAnswer } from "~/components/admin/tariff-form";
import { RouteDialog } from "~/components/ui/dialog";
import { newTariffFormValues } from "~/lib/tariff-form";
import { TARIFFS_ADMIN_PATH } from "~/lib/tariffs-screen";
import { createTariff } from "~/models/tariffs.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { tariffFormAction } from "~/route-actions/tariff-pages.server";
import { ukDay } from "~/lib/calendar";

/** The form's defaults, with today worked out here, on the UK calendar. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  return json({ defaults: newTariffFormValues(ukDay(new Date())) });
}

export async function action({ request }: ActionFunctionArgs) {
  return tariffFormAction(request, createTariff, "Tariff added");
}

export default function AddTariffDialog() {
  const { defaults } = useLoaderData<typeof loader>();
  const answer = useActionData<TariffAnswer>();
  return (
    <RouteDialog title="Add Tariff" description="Prices ex VAT. A live tariff is on the public comparison at once." closeTo={TARIFFS_ADMIN_PATH} wide>
      <TariffForm initial={defaults} answer={answer} submitLabel="Add Tariff" />
    </RouteDialog>
  );
}
