import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { leadAssignmentSchema, leadStatusChangeSchema } from "~/features/leads/leads-schema";
import { assignLead, deleteLead, getLeadDetails, updateLeadStatus } from "~/features/leads/lead-workspace.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * One lead with its timeline (`GET`, beyond the spec). `PUT` `{ status }` changes its status and
 * `DELETE` removes it (SPEC section 7); `PATCH` `{ assignedTo: userId | null }` gives it to a staff
 * member or takes it back (beyond the spec).
 */
const lead: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getLeadDetails(recordId(params.id)) },
  PUT: {
    permission: "workLeads",
    handle: async ({ request, params, user }) => {
      const { status } = await readJsonWithSchema(request, leadStatusChangeSchema, "Invalid status");
      return updateLeadStatus(user, recordId(params.id), status);
    },
  },
  PATCH: {
    permission: "workLeads",
    handle: async ({ request, params, user }) => {
      const { assignedTo } = await readJsonWithSchema(request, leadAssignmentSchema, "Invalid assignment");
      return assignLead(user, recordId(params.id), assignedTo);
    },
  },
  DELETE: { permission: "deleteLeads", handle: ({ params, user }) => deleteLead(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(lead, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(lead, args);
