import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { testimonialChangesSchema } from "~/lib/schemas/testimonials";
import { deleteTestimonial, getTestimonial, updateTestimonial } from "~/models/testimonials.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, modelErrorResponse, numericId, readJsonWithSchema } from "~/services/json-api.server";

/** One testimonial (beyond the spec). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const id = numericId(params.id, "Testimonial");
  return getTestimonial(id).then((testimonial) => json(testimonial, { headers: { "Cache-Control": "no-store" } }), modelErrorResponse);
}

/**
 * `PATCH` changes a testimonial: the whole object, as the spec's client
 * sends it, or only the fields that change. `DELETE` removes it (204).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PATCH") {
    const user = await requireAdminApiUser(request, "manageTestimonials");
    const id = numericId(params.id, "Testimonial");
    const changes = await readJsonWithSchema(request, testimonialChangesSchema, "Invalid testimonial");
    return updateTestimonial(user, id, changes).then((testimonial) => json(testimonial), modelErrorResponse);
  }
  if (request.method === "DELETE") {
    const user = await requireAdminApiUser(request, "manageTestimonials");
    const id = numericId(params.id, "Testimonial");
    return deleteTestimonial(user, id).then(() => new Response(null, { status: 204 }), modelErrorResponse);
  }
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET, PATCH, DELETE");
}
