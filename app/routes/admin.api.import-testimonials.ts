import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { importExistingTestimonials } from "~/features/content/testimonials.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** `POST /admin/api/import-testimonials` (no body): adds the built-in testimonials not yet imported, `{ imported: n }`. */
const importTestimonials: AdminJsonRoute = {
  POST: { permission: "manageTestimonials", handle: async ({ user }) => ({ imported: await importExistingTestimonials(user) }) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(importTestimonials, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(importTestimonials, args);
