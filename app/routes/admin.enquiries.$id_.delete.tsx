import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { CONTACT_SUBJECT_LABELS } from "~/lib/enums";
import { recordId } from "~/lib/route-params";
import { deleteContactEnquiry, getContactEnquiry } from "~/models/contact-enquiries.server";
import { foundOrNull } from "~/models/model-error.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "deleteInboxEntries", signedOut: "admin-panel" });
  const found = await foundOrNull(getContactEnquiry(recordId(params.id)));
  const enquiry = found && { name: `${found.firstName} ${found.lastName}`, subject: CONTACT_SUBJECT_LABELS[found.subject] };
  return json({ enquiry }, { status: enquiry ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "deleteInboxEntries", signedOut: "admin-panel" });
  return deleteAndReturn(request, {
    remove: () => deleteContactEnquiry(user, recordId(params.id)),
    list: "/admin/enquiries",
    done: "Enquiry deleted successfully",
    failed: "Failed to delete enquiry",
  });
}

export default function DeleteEnquiryDialog() {
  const { enquiry } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Delete enquiry"
      description={enquiry ? `${enquiry.name} · ${enquiry.subject}` : undefined}
      question="Are you sure you want to delete this enquiry? This action cannot be undone."
      closeTo={`/admin/enquiries${search}`}
      found={enquiry !== null}
      goneText="This enquiry no longer exists. It may have been deleted already."
    />
  );
}
