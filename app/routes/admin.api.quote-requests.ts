import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { leadFiltersFromUrl } from "~/features/leads/leads-schema";
import { listLeads } from "~/features/leads/lead-list.server";
import { withLatestQuotes } from "~/features/quotes/quote-list.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { jsonPage } from "~/platform/json-api.server";

/**
 * `GET /admin/api/quote-requests`: the leads, newest first, as a list (SPEC section 7).
 * `?q=&status=&assigned=mine|unassigned&page=` narrow it; 50 a page, with the totals in
 * X-Total-Count and X-Page-Count.
 */
const leads: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: async ({ request, user }) => {
      const page = await listLeads(user, leadFiltersFromUrl(new URL(request.url)));
      return jsonPage(await withLatestQuotes(page.leads), page);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(leads, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(leads, args);
