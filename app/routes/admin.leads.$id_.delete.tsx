import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { deleteLead, getLeadDetails } from "~/models/lead-workspace.server";
import { foundOrNull } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "deleteLeads", signedOut: "login" });
  const details = await foundOrNull(getLeadDetails(recordId(params.id)));
  const lead = details && { reference: details.lead.reference, company: details.lead.companyName };
  return json({ lead }, { status: lead ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "deleteLeads", signedOut: "login" });
  return deleteAndReturn(request, {
    remove: () => deleteLead(user, recordId(params.id)),
    list: "/admin/leads",
    done: "Lead deleted successfully",
    failed: "Failed to delete lead",
  });
}

export default function DeleteLeadDialog() {
  const { lead } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Delete lead"
      description={lead ? `${lead.company} · ${lead.reference}` : undefined}
      question="Are you sure you want to delete this lead? This action cannot be undone."
      closeTo={`/admin/leads${search}`}
      found={lead !== null}
      goneText="This lead no longer exists. It may have been deleted already."
    />
  );
}
