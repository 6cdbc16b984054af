import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { deleteContactEnquiry, getContactEnquiry } from "~/features/inbox/contact-enquiries.server";
import { foundOrNull } from "~/platform/model-error.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";
import { CONTACT_SUBJECT_LABELS } from "~/features/inbox/contact-subjects";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "enquiry", async () => {
    const found = await foundOrNull(getContactEnquiry(recordId(params.id)));
    return found && { name: `${found.firstName} ${found.lastName}`, subject: CONTACT_SUBJECT_LABELS[found.subject] };
  });

export const action = ({ request, params }: ActionFunctionArgs) =>
  deleteAndReturn(request, "enquiry", (user) => deleteContactEnquiry(user, recordId(params.id)));

export default function DeleteEnquiryDialog() {
  const { record: enquiry } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog of="enquiry" description={enquiry ? `${enquiry.name} · ${enquiry.subject}` : undefined} found={enquiry !== null} />;
}
