import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deactivateAdminUser } from "~/features/staff/admin-users.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** `PUT /admin/api/users/:userId/deactivate` (no body) → 200 with the user, now signed out everywhere. */
const deactivate: AdminJsonRoute = {
  PUT: { permission: "manageUsers", handle: ({ params, user }) => deactivateAdminUser(user, params.userId!) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(deactivate, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(deactivate, args);
