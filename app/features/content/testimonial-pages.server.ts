import type { AdminUser } from "~/features/staff";
import { recordId } from "~/lib/route-params";
import { testimonialSchema, type TestimonialInput } from "./testimonials-schema";
import { TESTIMONIALS_ADMIN_PATH, type PublicTestimonial } from "./testimonials";
import { foundOrNull } from "~/platform/model-error.server";
import { getTestimonial } from "./testimonials.server";
import { requireAdminPageUser } from "~/features/staff/index.server";
import { readFormFields } from "~/platform/request-body.server";
import { submitAdminForm } from "~/platform/admin-forms.server";

/** The testimonial a dialog is about, or null when there is none (the dialog says so, with a 404). */
export function findTestimonialForPage(idParam: string | undefined): Promise<PublicTestimonial | null> {
  return foundOrNull(getTestimonial(recordId(idParam)));
}

/**
 * The add and edit dialogs' action: the same schema as the JSON routes; on success back to the list with the spec's toast, otherwise the form again with its
 * errors and what was typed, its error summary at the top saying what to fix.
 */
export async function testimonialFormAction(request: Request, save: (user: AdminUser, input: TestimonialInput) => Promise<unknown>, successTitle: string) {
  const user = await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  return submitAdminForm({
    values: await readFormFields(request),
    schema: testimonialSchema,
    save: (input) => save(user, input),
    success: { redirectTo: TESTIMONIALS_ADMIN_PATH, toast: { kind: "success", title: successTitle } },
  });
}
