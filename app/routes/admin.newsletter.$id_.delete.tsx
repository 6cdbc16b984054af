import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { foundOrNull } from "~/platform/model-error.server";
import { deleteNewsletterSignup, getNewsletterSignup } from "~/features/inbox/newsletter-signups.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "subscriber", async () => {
    const found = await foundOrNull(getNewsletterSignup(recordId(params.id)));
    return found && { email: found.email };
  });

export const action = ({ request, params }: ActionFunctionArgs) =>
  deleteAndReturn(request, "subscriber", (user) => deleteNewsletterSignup(user, recordId(params.id)));

export default function RemoveSubscriberDialog() {
  const { record: subscriber } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog of="subscriber" description={subscriber?.email} found={subscriber !== null} />;
}
