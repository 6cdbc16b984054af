import type { AdminUser } from "~/features/staff";
import { errorToast } from "~/lib/messages";
import { parseTariffForm, type TariffFormInput } from "./tariff-form-schema";
import type { Tariff } from "./tariffs";
import { json } from "@remix-run/node";
import { TARIFF_CSV_FIELD, TARIFF_WITHDRAW_WORDS, TARIFFS_ADMIN_PATH } from "./tariffs-screen";
import { foundOrNull } from "~/platform/model-error.server";
import { getTariff, setTariffStatus } from "./tariffs.server";
import { requireAdminPageUser } from "~/features/staff/index.server";
import { BODY_LIMITS, BodyMalformedError, BodyTooLargeError, discardRest, readFormFields, readFormWithLimit } from "~/platform/request-body.server";
import { changeFromForm, formAnswer } from "~/platform/admin-forms.server";

/** The tariff a dialog is about, or null when there is none (the dialog says so, with a 404). */
export function findTariffForPage(slug: string | undefined): Promise<Tariff | null> {
  return foundOrNull(getTariff(slug ?? ""));
}

/** The add and edit dialogs' action: back to the list with a toast, or the form again as typed with each message by its field and in its error summary. */
export async function tariffFormAction(request: Request, save: (user: AdminUser, input: TariffFormInput) => Promise<unknown>, successTitle: string) {
  const user = await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  const values = await readFormFields(request);
  const parsed = parseTariffForm(values);
  if (!parsed.success) return formAnswer({ fieldErrors: parsed.fieldErrors, values }, undefined, 400);
  return changeFromForm(() => save(user, parsed.data), {
    success: { redirectTo: TARIFFS_ADMIN_PATH, toast: { kind: "success", title: successTitle } },
    values,
  });
}

/** Who may withdraw a tariff, on the dialog's page and its post alike: those who manage the catalogue. */
const WITHDRAW_ACCESS = { permission: "manageTariffs", signedOut: "login" } as const;

/** The withdraw dialog: the tariff it asks about and its status (only a live one is asked about), or null with a 404. */
export async function loadWithdrawTariff(request: Request, slug: string | undefined) {
  await requireAdminPageUser(request, WITHDRAW_ACCESS);
  const tariff = await findTariffForPage(slug);
  const shown = tariff && { slug: tariff.slug, title: `${tariff.network} ${tariff.name}`, status: tariff.status };
  return json({ tariff: shown }, { status: tariff ? 200 : 404 });
}

/** Withdraw, once confirmed: back to the list as it was searched, with a toast; a refusal (not live, gone) in a toast over the dialog. */
export async function withdrawTariffFromDialog(request: Request, slug: string | undefined) {
  const user = await requireAdminPageUser(request, WITHDRAW_ACCESS);
  return changeFromForm(() => setTariffStatus(user, slug ?? "", "withdrawn", { onlyFrom: "live" }), {
    success: { redirectTo: `${TARIFFS_ADMIN_PATH}${new URL(request.url).search}`, toast: { kind: "success", title: TARIFF_WITHDRAW_WORDS.done } },
    failure: (error) => errorToast(error.message),
    refusalShownIn: "toast",
  });
}

/** What the CSV import form sent: the file's text, or why there is none to import. */
export type TariffCsvUpload = { csv: string } | { problem: string; status: 400 | 413 };

/** The largest CSV file the import form takes: the JSON import's limit (BODY_LIMITS.tariffCsv), in MB for the form. */
export const TARIFF_CSV_MAX_MEGABYTES = BODY_LIMITS.tariffCsv / (1024 * 1024);

/** The import form's file, held in memory within the CSV import's limit and the form around it (a larger body is refused as it arrives, its rest dropped). */
export async function readTariffCsvUpload(request: Request): Promise<TariffCsvUpload> {
  const limit = BODY_LIMITS.tariffCsv + BODY_LIMITS.form;
  let form: FormData;
  try {
    form = await readFormWithLimit(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      // The browser is still sending: what is left of a file not far over the limit is read and dropped, so it gets the answer.
      void discardRest(request, 4 * limit);
      return { problem: `The file is too large: import at most ${TARIFF_CSV_MAX_MEGABYTES} MB at a time`, status: 413 };
    }
    if (error instanceof BodyMalformedError) return { problem: "The upload could not be read. Please choose the file again.", status: 400 };
    throw error;
  }
  const file = form.get(TARIFF_CSV_FIELD);
  if (!(file instanceof File) || file.size === 0) return { problem: "Choose a CSV file to import", status: 400 };
  return { csv: await file.text() };
}
