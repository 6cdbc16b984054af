import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchPageFromUrl } from "~/lib/schemas/search";
import { listNewsletterSignups } from "~/models/newsletter-signups.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { jsonPage, methodNotAllowed } from "~/services/json-api.server";

/**
 * `GET /admin/api/newsletter-signups` (beyond the spec): subscribers, newest
 * sign-up first. `?q=&page=` narrow it; 50 a page, with the totals in
 * X-Total-Count and X-Page-Count.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const page = await listNewsletterSignups(searchPageFromUrl(new URL(request.url)));
  return jsonPage(page.entries, page);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET");
}
