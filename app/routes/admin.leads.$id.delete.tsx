import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/dialog";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { deleteLead, getLeadDetails } from "~/models/lead-workspace.server";
import { ModelError } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/services/auth.server";
import { raiseToast, redirectWithToast } from "~/services/toast.server";

function leadIdFrom(value: string | undefined): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "deleteLeads", signedOut: "login" });
  try {
    const { lead } = await getLeadDetails(leadIdFrom(params.id));
    return json({ lead: { reference: lead.reference, company: lead.companyName || lead.businessName } });
  } catch (error) {
    if (error instanceof ModelError && error.status === 404) return json({ lead: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "deleteLeads", signedOut: "login" });
  const search = new URL(request.url).search;
  try {
    await deleteLead(user, leadIdFrom(params.id));
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return json(
      { toast: raiseToast({ kind: "destructive", title: "Error", description: `Failed to delete lead: ${error.message}` }) },
      { status: error.status },
    );
  }
  return redirectWithToast(`/admin/leads${search}`, { kind: "success", title: "Lead deleted successfully" });
}

export default function DeleteLeadDialog() {
  const { lead } = useLoaderData<typeof loader>();
  useToastFromAnswer(useActionData<typeof action>());
  const { search } = useLocation();
  const closeTo = `/admin/leads${search}`;
  return (
    <RouteDialog title="Delete lead" description={lead ? `${lead.company} · ${lead.reference}` : undefined} closeTo={closeTo}>
      {lead ? (
        <ConfirmForm question="Are you sure you want to delete this lead? This action cannot be undone." closeTo={closeTo} />
      ) : (
        <p className="text-slate-700">This lead no longer exists. It may have been deleted already.</p>
      )}
    </RouteDialog>
  );
}
