import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchPageFromUrl } from "~/lib/schemas/search";
import { listContactEnquiries } from "~/models/contact-enquiries.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { jsonPage, methodNotAllowed } from "~/services/json-api.server";

/**
 * `GET /admin/api/enquiries` (beyond the spec): contact enquiries, newest
 * first, each message cut to one line. `?q=&page=` narrow it; 50 a page,
 * with the totals in X-Total-Count and X-Page-Count.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const page = await listContactEnquiries(searchPageFromUrl(new URL(request.url)));
  return jsonPage(page.entries, page);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET");
}
