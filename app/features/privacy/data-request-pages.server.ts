import { DATA_REQUESTS_PATH } from "./data-protection";
import type { z } from "zod";
import { readFormFields } from "~/platform/request-body.server";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { requireDataProtectionUser } from "~/features/staff/index.server";
import type { AdminUser } from "~/features/staff";

/** The list's query as it was (its filters and page), so a dialog closes back onto the same list. */
export function registerListHref(request: Request): string {
  const params = new URL(request.url).searchParams;
  for (const name of ["contact", "kind"]) params.delete(name);
  return `${DATA_REQUESTS_PATH}${params.size ? `?${params}` : ""}`;
}

/**
 * The record and edit dialogs' action: the register's schema, then the model; saved lands on the register with a toast, refused shows the form again with each
 * field's message and nothing saved.
 */
export async function dataRequestFormAction<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  save: (user: AdminUser, input: z.infer<S>) => Promise<unknown>,
  successTitle: string,
): Promise<Response> {
  const user = await requireDataProtectionUser(request);
  return submitAdminForm({
    values: await readFormFields(request),
    schema,
    save: (input) => save(user, input),
    success: { redirectTo: registerListHref(request), toast: { kind: "success", title: successTitle } },
  });
}
