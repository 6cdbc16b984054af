import type { ActionFunctionArgs } from "@remix-run/node";
import { resetAdminUserPassword } from "~/models/admin-users.server";
import { jsonFromModel, methodNotAllowed } from "~/services/json-api.server";
import { requireAdminApiUser } from "~/services/auth.server";

/**
 * `PUT /admin/api/users/:userId/reset-password` (no body; super admins, not
 * for oneself) → 200 with the user, `temporaryPassword` (shown this once) and
 * `temporaryPasswordExpiresAt`. The user is signed out everywhere and must
 * change the password at sign-in.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("PUT");
  }
  const actor = await requireAdminApiUser(request, "manageUsers");
  return jsonFromModel(() => resetAdminUserPassword(actor, params.userId!));
}

export function loader() {
  return methodNotAllowed("PUT");
}
