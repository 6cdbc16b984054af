import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApiUser } from "~/features/staff/auth.server";

/** `GET /admin/api/auth/user`: the signed-in user (SPEC section 7), or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminApiUser(request);
  return json(user, { headers: { "Cache-Control": "no-store" } });
}
