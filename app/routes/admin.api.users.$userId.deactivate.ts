import type { ActionFunctionArgs } from "@remix-run/node";
import { deactivateAdminUser } from "~/models/admin-users.server";
import { jsonFromModel, methodNotAllowed } from "~/services/json-api.server";
import { requireAdminApiUser } from "~/services/auth.server";

/** `PUT /admin/api/users/:userId/deactivate` (no body) → 200 with the user, now signed out everywhere. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("PUT");
  }
  const actor = await requireAdminApiUser(request, "manageUsers");
  return jsonFromModel(() => deactivateAdminUser(actor, params.userId!));
}

export function loader() {
  return methodNotAllowed("PUT");
}
