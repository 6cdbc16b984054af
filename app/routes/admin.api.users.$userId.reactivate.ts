import type { ActionFunctionArgs } from "@remix-run/node";
import { reactivateAdminUser } from "~/models/admin-users.server";
import { jsonFromModel, methodNotAllowed } from "~/services/json-api.server";
import { requireAdminApiUser } from "~/services/auth.server";

/** `PUT /admin/api/users/:userId/reactivate` (beyond the spec, the page's Reactivate as JSON) → 200 with the user. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("PUT");
  }
  const actor = await requireAdminApiUser(request, "manageUsers");
  return jsonFromModel(() => reactivateAdminUser(actor, params.userId!));
}

export function loader() {
  return methodNotAllowed("PUT");
}
