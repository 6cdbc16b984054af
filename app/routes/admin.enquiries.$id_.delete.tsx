import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { CONTACT_SUBJECT_LABELS } from "~/lib/enums";
import { recordId } from "~/lib/route-params";
import { deleteContactEnquiry, getContactEnquiry } from "~/models/contact-enquiries.server";
import { foundOrNull } from "~/models/model-error.server";
import { deleteAndReturn, loadDeleteDialog } from "~/route-actions/admin-delete.server";

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
