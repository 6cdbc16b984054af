import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchPageFromUrl } from "~/lib/search-schema";
import { listContactEnquiries } from "~/features/inbox/contact-enquiries.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { jsonPage } from "~/platform/json-api.server";

/** `GET /admin/api/enquiries`: contact enquiries, newest first, `?q=&page=`, 50 a page, totals in headers. */
const enquiries: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: async ({ request }) => {
      const page = await listContactEnquiries(searchPageFromUrl(new URL(request.url)));
      return jsonPage(page.entries, page);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(enquiries, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(enquiries, args);
