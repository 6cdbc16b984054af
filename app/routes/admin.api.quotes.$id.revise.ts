import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { reviseQuote } from "~/features/quotes/quote-lifecycle.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * `POST` (no body) drafts the next version of a quote, a copy of it to change
 * and send in its place: 201 with the new draft; 409 for an accepted quote or
 * while the lead has a draft.
 */
const revise: AdminJsonRoute = {
  POST: { permission: "workLeads", status: 201, handle: ({ params, user }) => reviseQuote(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(revise, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(revise, args);
