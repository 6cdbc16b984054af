import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { deleteContactEnquiry, getContactEnquiry } from "~/features/inbox/contact-enquiries.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** One contact enquiry (`GET`); `DELETE` removes it (administrators). */
const enquiry: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getContactEnquiry(recordId(params.id)) },
  DELETE: { permission: "deleteInboxEntries", handle: ({ user, params }) => deleteContactEnquiry(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(enquiry, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(enquiry, args);
