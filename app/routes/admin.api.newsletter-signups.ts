import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchPageFromUrl } from "~/lib/search-schema";
import { listNewsletterSignups } from "~/features/inbox/newsletter-signups.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { jsonPage } from "~/platform/json-api.server";

/** `GET /admin/api/newsletter-signups`: subscribers, newest first, `?q=&page=`, 50 a page, totals in headers. */
const subscribers: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: async ({ request }) => {
      const page = await listNewsletterSignups(searchPageFromUrl(new URL(request.url)));
      return jsonPage(page.entries, page);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(subscribers, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(subscribers, args);
