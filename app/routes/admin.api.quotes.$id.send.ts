import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { sendQuote } from "~/features/quotes/quote-lifecycle.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/**
 * `POST` (no body) sends a draft quote to its customer: 200 with the quote, now sent and frozen, and what sending did (`emailedTo`: the address
 * it was emailed to, or null with `notEmailed` saying why; `ownerTaken`: the lead had no owner and the sender became it); 409 when it is not a
 * draft, has no lines or its validity has passed.
 */
const send: AdminJsonRoute = {
  POST: {
    permission: "workLeads",
    handle: async ({ params, user }) => {
      const { quote, ...what } = await sendQuote(user, recordId(params.id));
      return { ...quote, ...what };
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(send, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(send, args);
