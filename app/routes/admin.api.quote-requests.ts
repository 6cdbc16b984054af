import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { leadFiltersFromUrl } from "~/lib/schemas/leads";
import { listLeads } from "~/models/lead-workspace.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { jsonPage, methodNotAllowed } from "~/services/json-api.server";

/**
 * `GET /admin/api/quote-requests`: the leads, newest first, as a list
 * (SPEC section 7). `?q=&status=&assigned=mine|unassigned&page=` narrow it;
 * 50 a page, with the totals in X-Total-Count and X-Page-Count.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminApiUser(request, "view");
  const page = await listLeads(user, leadFiltersFromUrl(new URL(request.url)));
  return jsonPage(page.leads, page);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET");
}
