import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteMarketingSpend } from "~/features/reports/index.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { recordId } from "~/lib/route-params";

/** `DELETE /admin/api/reports/spend/{id}`: deletes a spend entry (204; 404 once gone), audited, as the Spend screen's dialog does (admins: manageSpend). */
const spendEntry: AdminJsonRoute = {
  DELETE: { permission: "manageSpend", handle: ({ params, user }) => deleteMarketingSpend(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(spendEntry, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(spendEntry, args);
