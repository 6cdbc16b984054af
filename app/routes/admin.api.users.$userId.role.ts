import type { ActionFunctionArgs } from "@remix-run/node";
import { adminRoleChangeSchema } from "~/lib/schemas/admin-users";
import { changeAdminUserRole } from "~/models/admin-users.server";
import { jsonFromModel, methodNotAllowed, readJsonWithSchema } from "~/services/json-api.server";
import { requireAdminApiUser } from "~/services/auth.server";

/** `PUT /admin/api/users/:userId/role` with `{ role }` → 200 with the user. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("PUT");
  }
  const actor = await requireAdminApiUser(request, "manageUsers");
  const input = await readJsonWithSchema(request, adminRoleChangeSchema);
  return jsonFromModel(() => changeAdminUserRole(actor, params.userId!, input.role));
}

export function loader() {
  return methodNotAllowed("PUT");
}
