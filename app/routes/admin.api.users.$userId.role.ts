import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminRoleChangeSchema } from "~/features/staff/admin-users-schema";
import { changeAdminUserRole } from "~/features/staff/admin-users.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/** `PUT /admin/api/users/:userId/role` with `{ role }` → 200 with the user. */
const role: AdminJsonRoute = {
  PUT: {
    permission: "manageUsers",
    handle: async ({ request, params, user }) => changeAdminUserRole(user, params.userId!, (await readJsonWithSchema(request, adminRoleChangeSchema)).role),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(role, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(role, args);
