import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { createQuoteDraft, listLeadQuotes } from "~/features/quotes/quotes.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * A lead's quotes, first version first (`GET`); `POST` (no body) drafts a new
 * quote from the lead, its first lines from the deal the visitor chose (201).
 */
const leadQuotes: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => listLeadQuotes(recordId(params.id)) },
  POST: { permission: "workLeads", status: 201, handle: ({ params, user }) => createQuoteDraft(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(leadQuotes, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(leadQuotes, args);
