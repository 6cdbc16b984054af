import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newAdminUserSchema } from "~/features/staff/admin-users-schema";
import { createAdminUser, listAdminUsers } from "~/features/staff/admin-users.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * `GET /admin/api/users` (SPEC section 7): every admin user; any signed-in role may look.
 * `POST` `{ email, firstName, lastName, role, id, isActive, profileImageUrl }` → 201 with the
 * user; 400 bad input; 409 duplicate email.
 */
const users: AdminJsonRoute = {
  GET: { permission: "view", handle: () => listAdminUsers() },
  POST: {
    permission: "manageUsers",
    status: 201,
    handle: async ({ request, user }) => createAdminUser(user, await readJsonWithSchema(request, newAdminUserSchema)),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(users, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(users, args);
