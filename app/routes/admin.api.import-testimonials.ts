import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { importExistingTestimonials } from "~/models/testimonials.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed } from "~/services/json-api.server";

/** Only POST does anything here; a GET is answered rather than left to Remix's logged "no loader" error. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("POST");
}

/** `POST /admin/api/import-testimonials` (no body): adds the built-in testimonials not yet imported, `{ imported: n }`. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("POST");
  }
  const user = await requireAdminApiUser(request, "manageTestimonials");
  return json({ imported: await importExistingTestimonials(user) });
}
