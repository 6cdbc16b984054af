import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { testimonialSchema } from "~/lib/schemas/testimonials";
import { createTestimonial, listTestimonials } from "~/models/testimonials.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, readJsonWithSchema } from "~/services/json-api.server";

/** `GET /admin/api/testimonials`: every testimonial, newest first (SPEC section 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return json(await listTestimonials(), { headers: { "Cache-Control": "no-store" } });
}

/** `POST` `{ name, company, position, content, rating, featured, date }` adds one: 201 with it. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("GET, POST");
  }
  const user = await requireAdminApiUser(request, "manageTestimonials");
  const input = await readJsonWithSchema(request, testimonialSchema, "Invalid testimonial");
  return json(await createTestimonial(user, input), { status: 201 });
}
