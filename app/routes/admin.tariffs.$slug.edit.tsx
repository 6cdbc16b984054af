import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TariffForm, type TariffAnswer } from "~/features/tariffs/tariff-form";
import { RouteDialog } from "~/ui/dialog";
import { tariffFormValues } from "~/features/tariffs/tariff-form-fields";
import { TARIFFS_ADMIN_PATH } from "~/features/tariffs/tariffs-screen";
import { updateTariff } from "~/features/tariffs/tariffs.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { findTariffForPage, tariffFormAction } from "~/features/tariffs/tariff-pages.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  const tariff = await findTariffForPage(params.slug);
  const found = tariff && { slug: tariff.slug, title: `${tariff.network} ${tariff.name}`, values: tariffFormValues(tariff) };
  return json({ tariff: found }, { status: tariff ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  return tariffFormAction(request, (user, input) => updateTariff(user, slug, input), "Tariff updated");
}

export default function EditTariffDialog() {
  const { tariff } = useLoaderData<typeof loader>();
  const answer = useActionData<TariffAnswer>();
  if (!tariff) {
    return (
      <RouteDialog title="Tariff not found" closeTo={TARIFFS_ADMIN_PATH}>
        <p className="text-slate-700">This tariff no longer exists. It may have been deleted.</p>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title="Edit Tariff" description={tariff.title} closeTo={TARIFFS_ADMIN_PATH} wide>
      <TariffForm initial={tariff.values} answer={answer} submitLabel="Update Tariff" fixedSlug={tariff.slug} />
    </RouteDialog>
  );
}
