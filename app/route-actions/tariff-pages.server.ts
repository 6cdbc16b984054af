import type { AdminUser } from "~/lib/admin-users";
import { errorToast } from "~/lib/messages";
import { parseTariffForm, type TariffFormInput } from "~/lib/schemas/tariff-form";
import type { Tariff } from "~/lib/tariffs";
import { TARIFFS_ADMIN_PATH } from "~/lib/tariffs-screen";
import { foundOrNull } from "~/models/model-error.server";
import { getTariff } from "~/models/tariffs.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { readFormFields } from "~/infrastructure/request-body.server";
import { changeFromForm, formAnswer } from "~/route-actions/admin-forms.server";

/** The tariff a dialog is about, or null when there is none (the dialog says so, with a 404). */
export function findTariffForPage(slug: string | undefined): Promise<Tariff | null> {
  return foundOrNull(getTariff(slug ?? ""));
}

/**
 * The add and edit dialogs' action: the form read in pounds, then the same
 * schema as the JSON routes and the CSV. On success back to the list with a
 * toast; otherwise the form again with each message by its field, what was
 * typed, and an "Error" toast with the first message.
 */
export async function tariffFormAction(request: Request, save: (user: AdminUser, input: TariffFormInput) => Promise<unknown>, successTitle: string) {
  const user = await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  const values = await readFormFields(request);
  const parsed = parseTariffForm(values);
  if (!parsed.success) return formAnswer({ fieldErrors: parsed.fieldErrors, values }, errorToast(Object.values(parsed.fieldErrors)[0]), 400);
  return changeFromForm(() => save(user, parsed.data), {
    success: { redirectTo: TARIFFS_ADMIN_PATH, toast: { kind: "success", title: successTitle } },
    failure: (error) => errorToast(error.message),
    values,
  });
}
