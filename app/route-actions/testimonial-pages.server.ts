import { json } from "@remix-run/node";
import type { AdminUser } from "~/lib/admin-users";
import { parseWithSchema } from "~/lib/form-submission";
import { recordId } from "~/lib/route-params";
import { testimonialSchema, type TestimonialInput } from "~/lib/schemas/testimonials";
import { TESTIMONIALS_ADMIN_PATH, type PublicTestimonial } from "~/lib/testimonials";
import { foundOrNull, ModelError } from "~/models/model-error.server";
import { getTestimonial } from "~/models/testimonials.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { readFormFields } from "~/infrastructure/request-body.server";
import { raiseToast, redirectWithToast } from "~/route-actions/toast.server";

/** The testimonial a dialog is about, or null when there is none (the dialog says so, with a 404). */
export function findTestimonialForPage(idParam: string | undefined): Promise<PublicTestimonial | null> {
  return foundOrNull(getTestimonial(recordId(idParam)));
}

/**
 * The add and edit dialogs' action: the same schema as the JSON routes; on
 * success back to the list with the spec's toast, otherwise the form again
 * with its errors, what was typed, and an "Error" toast (SPEC section 8).
 */
export async function testimonialFormAction(request: Request, save: (user: AdminUser, input: TestimonialInput) => Promise<unknown>, successTitle: string) {
  const user = await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  const values = await readFormFields(request);
  const parsed = parseWithSchema(testimonialSchema, values);
  if (!parsed.success) {
    const [firstError] = Object.values(parsed.fieldErrors);
    const toast = raiseToast({ kind: "destructive", title: "Error", description: firstError });
    return json({ fieldErrors: parsed.fieldErrors, values, toast }, { status: 400 });
  }
  try {
    await save(user, parsed.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const toast = raiseToast({ kind: "destructive", title: "Error", description: error.message });
    return json({ fieldErrors: {}, values, toast }, { status: error.status });
  }
  return redirectWithToast(TESTIMONIALS_ADMIN_PATH, { kind: "success", title: successTitle });
}
