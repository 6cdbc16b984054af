import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { withdrawQuote } from "~/features/quotes/quote-lifecycle.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * `POST` (no body) withdraws a draft or a quote its customer has not
 * answered: 200 with the quote, now withdrawn; 409 once it is accepted,
 * declined, expired, superseded or withdrawn.
 */
const withdraw: AdminJsonRoute = {
  POST: { permission: "workLeads", handle: ({ params, user }) => withdrawQuote(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(withdraw, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(withdraw, args);
