import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteMarketingSpend, findMarketingSpend } from "~/features/reports/index.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";

/** Deleting a spend entry asks first (a page without JavaScript, a dialog over the list with it); audited in the model. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadDeleteDialog(request, "spend", () => findMarketingSpend(recordId(params.id)));

export const action = ({ request, params }: ActionFunctionArgs) => deleteAndReturn(request, "spend", (user) => deleteMarketingSpend(user, recordId(params.id)));

export default function DeleteSpendDialog() {
  const { record: spend } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog of="spend" description={spend?.name} found={spend !== null} />;
}
