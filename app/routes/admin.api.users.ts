import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { newAdminUserSchema } from "~/lib/schemas/admin-users";
import { createAdminUser, listAdminUsers } from "~/models/admin-users.server";
import { jsonFromModel, methodNotAllowed, readJsonWithSchema } from "~/services/json-api.server";
import { requireAdminApiUser } from "~/services/auth.server";

/** `GET /admin/api/users` (SPEC section 7): every admin user; any signed-in role may look. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiUser(request);
  return json(await listAdminUsers(), { headers: { "Cache-Control": "no-store" } });
}

/**
 * `POST /admin/api/users`: `{ email, firstName, lastName, role, id, isActive,
 * profileImageUrl }` → 201 with the user; 400 bad input; 409 duplicate email.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed("GET, POST");
  }
  const actor = await requireAdminApiUser(request, "manageUsers");
  const input = await readJsonWithSchema(request, newAdminUserSchema);
  return jsonFromModel(() => createAdminUser(actor, input), 201);
}
