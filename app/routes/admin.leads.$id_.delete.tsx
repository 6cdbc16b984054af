import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { deleteLead, getLeadDetails } from "~/features/leads/lead-workspace.server";
import { foundOrNull } from "~/platform/model-error.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "lead", async () => {
    const details = await foundOrNull(getLeadDetails(recordId(params.id)));
    return details && { reference: details.lead.reference, company: details.lead.companyName };
  });

export const action = ({ request, params }: ActionFunctionArgs) => deleteAndReturn(request, "lead", (user) => deleteLead(user, recordId(params.id)));

export default function DeleteLeadDialog() {
  const { record: lead } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog of="lead" description={lead ? `${lead.company} · ${lead.reference}` : undefined} found={lead !== null} />;
}
