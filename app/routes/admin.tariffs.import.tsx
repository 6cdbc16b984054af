import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TariffImportForm, type TariffImportAnswer } from "~/features/tariffs/tariff-import-form";
import { RouteDialog } from "~/ui/dialog";
import { errorToast } from "~/lib/messages";
import { TARIFFS_ADMIN_PATH } from "~/features/tariffs/tariffs-screen";
import { importTariffsCsv, TariffImportError } from "~/features/tariffs/tariff-csv.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { readTariffCsvUpload, TARIFF_CSV_MAX_MEGABYTES } from "~/features/tariffs/tariff-pages.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  return json({ maxMegabytes: TARIFF_CSV_MAX_MEGABYTES });
}

/**
 * The CSV file, imported whole or not at all: on a refusal every problem
 * (line, column, reason) is listed and nothing is written.
 */
export async function action({ request }: ActionFunctionArgs) {
  // The upload holds itself to its limit as it reads, answering with a message the form shows.
  const user = await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login", maxBodyBytes: Infinity });
  const upload = await readTariffCsvUpload(request);
  const refused = (answer: TariffImportAnswer, status: number) =>
    json({ ...answer, toast: raiseToast(errorToast(answer.problem ?? answer.summary)) }, { status });
  if ("problem" in upload) return refused({ problem: upload.problem }, upload.status);
  try {
    const { created, updated } = await importTariffsCsv(user, upload.csv);
    return redirectWithToast(TARIFFS_ADMIN_PATH, { kind: "success", title: `${created} added, ${updated} updated` });
  } catch (error) {
    if (!(error instanceof TariffImportError)) throw error;
    return refused({ summary: error.message, errors: error.errors }, 400);
  }
}

export default function ImportTariffsDialog() {
  const { maxMegabytes } = useLoaderData<typeof loader>();
  const answer = useActionData<TariffImportAnswer>();
  return (
    <RouteDialog
      title="Import tariffs"
      description="A CSV file with one tariff per row. A slug already in the catalogue updates that tariff; every row is checked before any is saved."
      closeTo={TARIFFS_ADMIN_PATH}
      wide
    >
      <TariffImportForm answer={answer} maxMegabytes={maxMegabytes} />
    </RouteDialog>
  );
}
