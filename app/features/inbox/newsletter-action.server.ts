import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/lib/messages";
import { newsletterSignupSchema } from "./public-forms-schema";
import { subscribeToNewsletter } from "./newsletter-signups.server";
import { handlePublicForm } from "~/platform/public-forms.server";

/** The action of every page that carries the newsletter form (About, Testimonials). */
export async function newsletterAction({ request }: ActionFunctionArgs) {
  const page = new URL(request.url).pathname;
  return handlePublicForm({
    request,
    scope: "newsletter",
    schema: newsletterSignupSchema,
    save: (input) => subscribeToNewsletter(input, page),
    success: MESSAGES.newsletterJoined,
    redirectTo: `${page}#newsletter`,
  });
}
