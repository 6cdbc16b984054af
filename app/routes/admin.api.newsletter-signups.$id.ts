import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { deleteNewsletterSignup, getNewsletterSignup } from "~/features/inbox/newsletter-signups.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** One newsletter subscriber (`GET`); `DELETE` removes them (administrators). */
const subscriber: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getNewsletterSignup(recordId(params.id)) },
  DELETE: { permission: "deleteInboxEntries", handle: ({ user, params }) => deleteNewsletterSignup(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(subscriber, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(subscriber, args);
