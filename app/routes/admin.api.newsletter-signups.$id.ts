import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteNewsletterSignup, getNewsletterSignup } from "~/models/newsletter-signups.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, modelErrorResponse, numericId } from "~/services/json-api.server";

/** One newsletter subscriber (beyond the spec). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const id = numericId(params.id, "Subscriber");
  return getNewsletterSignup(id).then((signup) => json(signup, { headers: { "Cache-Control": "no-store" } }), modelErrorResponse);
}

/** `DELETE` removes the subscriber (admins and super admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const user = await requireAdminApiUser(request, "deleteInboxEntries");
    const id = numericId(params.id, "Subscriber");
    return deleteNewsletterSignup(user, id).then(() => new Response(null, { status: 204 }), modelErrorResponse);
  }
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET, DELETE");
}
