import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { testimonialChangesSchema } from "~/features/content/testimonials-schema";
import { deleteTestimonial, getTestimonial, updateTestimonial } from "~/features/content/testimonials.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * One testimonial (`GET`, beyond the spec). `PATCH` changes it: the whole object, as the spec's
 * client sends it, or only the fields that change. `DELETE` removes it (204).
 */
const testimonial: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getTestimonial(recordId(params.id)) },
  PATCH: {
    permission: "manageTestimonials",
    handle: async ({ request, params, user }) => {
      const changes = await readJsonWithSchema(request, testimonialChangesSchema, "Invalid testimonial");
      return updateTestimonial(user, recordId(params.id), changes);
    },
  },
  DELETE: { permission: "manageTestimonials", handle: ({ params, user }) => deleteTestimonial(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(testimonial, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(testimonial, args);
