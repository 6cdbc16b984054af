import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { foundOrNull } from "~/models/model-error.server";
import { deleteNewsletterSignup, getNewsletterSignup } from "~/models/newsletter-signups.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "deleteInboxEntries", signedOut: "admin-panel" });
  const found = await foundOrNull(getNewsletterSignup(recordId(params.id)));
  const subscriber = found && { email: found.email };
  return json({ subscriber }, { status: subscriber ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "deleteInboxEntries", signedOut: "admin-panel" });
  return deleteAndReturn(request, {
    remove: () => deleteNewsletterSignup(user, recordId(params.id)),
    list: "/admin/newsletter",
    done: "Subscriber removed successfully",
    failed: "Failed to remove subscriber",
  });
}

export default function RemoveSubscriberDialog() {
  const { subscriber } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Remove subscriber"
      description={subscriber?.email}
      question="Are you sure you want to remove this subscriber? This action cannot be undone."
      closeTo={`/admin/newsletter${search}`}
      found={subscriber !== null}
      goneText="This subscriber is no longer on the list. They may have been removed already."
      confirmLabel="Remove"
      busyLabel="Removing..."
    />
  );
}
