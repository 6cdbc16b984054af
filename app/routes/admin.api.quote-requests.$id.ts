import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { leadAssignmentSchema, leadStatusChangeSchema } from "~/lib/schemas/leads";
import { assignLead, deleteLead, getLeadDetails, updateLeadStatus } from "~/models/lead-workspace.server";
import { requireAdminApiUser } from "~/services/auth.server";
import { methodNotAllowed, modelErrorResponse, numericId, readJsonWithSchema } from "~/services/json-api.server";

/** One lead with its timeline (beyond the spec). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiUser(request, "view");
  const id = numericId(params.id, "Lead");
  return getLeadDetails(id).then(
    (details) => json(details, { headers: { "Cache-Control": "no-store" } }),
    modelErrorResponse,
  );
}

/**
 * `PUT` `{ status }` changes a lead's status; `DELETE` removes it (SPEC section 7).
 * `PATCH` `{ assignedTo: userId | null }` gives it to a staff member or takes it back (beyond the spec).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    const user = await requireAdminApiUser(request, "workLeads");
    const id = numericId(params.id, "Lead");
    const { status } = await readJsonWithSchema(request, leadStatusChangeSchema, "Invalid status");
    return updateLeadStatus(user, id, status).then((lead) => json(lead), modelErrorResponse);
  }
  if (request.method === "PATCH") {
    const user = await requireAdminApiUser(request, "workLeads");
    const id = numericId(params.id, "Lead");
    const { assignedTo } = await readJsonWithSchema(request, leadAssignmentSchema, "Invalid assignment");
    return assignLead(user, id, assignedTo).then((lead) => json(lead), modelErrorResponse);
  }
  if (request.method === "DELETE") {
    const user = await requireAdminApiUser(request, "deleteLeads");
    const id = numericId(params.id, "Lead");
    return deleteLead(user, id).then(() => new Response(null, { status: 204 }), modelErrorResponse);
  }
  await requireAdminApiUser(request, "view");
  return methodNotAllowed("GET, PUT, PATCH, DELETE");
}
