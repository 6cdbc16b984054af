import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reactivateAdminUser } from "~/features/staff/admin-users.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** `PUT /admin/api/users/:userId/reactivate` (beyond the spec, the page's Reactivate as JSON) → 200 with the user. */
const reactivate: AdminJsonRoute = {
  PUT: { permission: "manageUsers", handle: ({ params, user }) => reactivateAdminUser(user, params.userId!) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(reactivate, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(reactivate, args);
