import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { resetAdminUserPassword } from "~/features/staff/admin-users.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * `PUT /admin/api/users/:userId/reset-password` (no body; super admins, not for oneself) → 200
 * with the user, `temporaryPassword` (shown this once) and `temporaryPasswordExpiresAt`. The user
 * is signed out everywhere and must change the password at sign-in.
 */
const resetPassword: AdminJsonRoute = {
  PUT: { permission: "manageUsers", handle: ({ params, user }) => resetAdminUserPassword(user, params.userId!) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(resetPassword, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(resetPassword, args);
