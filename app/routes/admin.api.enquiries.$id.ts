import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteContactEnquiry, getContactEnquiry } from "~/models/contact-enquiries.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, modelErrorResponse, numericId } from "~/services/json-api.server";

/** One contact enquiry, whole (beyond the spec). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const id = numericId(params.id, "Enquiry");
  return getContactEnquiry(id).then((enquiry) => json(enquiry, { headers: { "Cache-Control": "no-store" } }), modelErrorResponse);
}

/** `DELETE` removes the enquiry (admins and super admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const user = await requireAdminApiUser(request, "deleteInboxEntries");
    const id = numericId(params.id, "Enquiry");
    return deleteContactEnquiry(user, id).then(() => new Response(null, { status: 204 }), modelErrorResponse);
  }
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET, DELETE");
}
