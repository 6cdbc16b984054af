import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { testimonialSchema } from "~/features/content/testimonials-schema";
import { createTestimonial, listTestimonials } from "~/features/content/testimonials.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/** `GET /admin/api/testimonials`: every testimonial; `POST` adds one (201), SPEC section 7. */
const testimonials: AdminJsonRoute = {
  GET: { permission: "view", handle: () => listTestimonials() },
  POST: {
    permission: "manageTestimonials",
    status: 201,
    handle: async ({ request, user }) => createTestimonial(user, await readJsonWithSchema(request, testimonialSchema, "Invalid testimonial")),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(testimonials, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(testimonials, args);
