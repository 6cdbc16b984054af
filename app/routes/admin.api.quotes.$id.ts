import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS } from "~/platform/request-body.server";
import { recordId } from "~/lib/route-params";
import { quoteDraftSchema } from "~/features/quotes/quotes-schema";
import { getQuoteWithDocument, updateQuoteDraft } from "~/features/quotes/quotes.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * One quote (`GET`: with its totals and the document its customer will be
 * shown). `PATCH` changes a draft (the fields given; `lines` whole): 400 with
 * field errors such as `lines.3.unitPriceExVatPence`, 409 once it is sent.
 */
const quote: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getQuoteWithDocument(recordId(params.id)) },
  PATCH: {
    permission: "workLeads",
    maxBodyBytes: BODY_LIMITS.quoteDraft,
    handle: async ({ request, params, user }) => {
      const draft = await readJsonWithSchema(request, quoteDraftSchema, "Invalid quote", BODY_LIMITS.quoteDraft);
      return updateQuoteDraft(user, recordId(params.id), draft);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(quote, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(quote, args);
