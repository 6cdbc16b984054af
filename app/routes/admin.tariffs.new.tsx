import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TariffForm, type TariffAnswer } from "~/features/tariffs/tariff-form";
import { RouteDialog } from "~/ui/dialog";
import { newTariffFormValues } from "~/features/tariffs/tariff-form-fields";
import { TARIFFS_ADMIN_PATH } from "~/features/tariffs/tariffs-screen";
import { createTariff } from "~/features/tariffs/tariffs.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { tariffFormAction } from "~/features/tariffs/tariff-pages.server";
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
