import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/lib/messages";
import { newsletterSignupSchema } from "~/lib/schemas/public-forms";
import { subscribeToNewsletter } from "~/models/newsletter-signups.server";
import { env } from "~/infrastructure/env.server";
import { handlePublicForm } from "~/route-actions/public-forms.server";

/** The action of every page that carries the newsletter form (About, Testimonials). */
export async function newsletterAction({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const page = url.pathname;
  // The confirmation link's site: APP_URL when set, so a forged Host header cannot point the email elsewhere.
  const siteUrl = (env.APP_URL ?? url.origin).replace(/\/$/, "");
  return handlePublicForm({
    request,
    scope: "newsletter",
    schema: newsletterSignupSchema,
    save: (input) => subscribeToNewsletter(input, page, siteUrl),
    success: MESSAGES.newsletterJoined,
    redirectTo: `${page}#newsletter`,
  });
}
