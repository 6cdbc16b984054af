import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { marketingSpendSchema } from "~/features/reports";
import { listMarketingSpend, saveMarketingSpend } from "~/features/reports/index.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * The marketing spend (issue 41) as JSON: `GET` the entries, latest month first (every staff role); `POST { month, source, campaign?, amount }` sets a month's
 * spend in pounds, replacing an amount already entered for the same month, source and campaign (admins: manageSpend), the Spend screen's schema and function.
 */
const spend: AdminJsonRoute = {
  GET: { permission: "view", handle: () => listMarketingSpend() },
  POST: {
    permission: "manageSpend",
    handle: async ({ request, user }) => saveMarketingSpend(user, await readJsonWithSchema(request, marketingSpendSchema, "Invalid spend")),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(spend, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(spend, args);
