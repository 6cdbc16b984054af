import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Fact, Facts, WrittenText } from "~/ui/facts";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { RecordActions } from "~/ui/record-actions";
import { RouteDialog } from "~/ui/dialog";
import { useAdminUser } from "~/features/staff/admin-session";
import { recordId } from "~/lib/route-params";
import { getContactEnquiry } from "~/features/inbox/contact-enquiries.server";
import { foundOrNull } from "~/platform/model-error.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { formatDateTime } from "~/lib/calendar";
import { CONTACT_SUBJECT_LABELS } from "~/features/inbox/contact-subjects";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const enquiry = await foundOrNull(getContactEnquiry(recordId(params.id)));
  return json({ enquiry }, { status: enquiry ? 200 : 404 });
}

export default function EnquiryDetailsDialog() {
  const { enquiry } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  const { search } = useLocation();
  const closeTo = `/admin/enquiries${search}`;
  if (!enquiry) {
    return <MissingRecordDialog title="Enquiry not found" closeTo={closeTo} text="This enquiry no longer exists. It may have been deleted." />;
  }
  const subject = CONTACT_SUBJECT_LABELS[enquiry.subject];
  return (
    <RouteDialog title="Enquiry details" description={`${subject} · received ${formatDateTime(enquiry.createdAt)}`} closeTo={closeTo} wide>
      <Facts title="From">
        <Fact label="Name">
          {enquiry.firstName} {enquiry.lastName}
        </Fact>
        <Fact label="Email">
          <a href={`mailto:${enquiry.email}`} className="inline-block py-0.5 text-brand-700 hover:underline">
            {enquiry.email}
          </a>
        </Fact>
        <Fact label="Contact number">
          <a href={`tel:${enquiry.contactNumber.replace(/\s/g, "")}`} className="inline-block py-0.5 text-brand-700 hover:underline">
            {enquiry.contactNumber}
          </a>
        </Fact>
        <Fact label="Subject">{subject}</Fact>
        <Fact label="Received">
          <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
        </Fact>
      </Facts>
      <WrittenText title="Message">{enquiry.message}</WrittenText>
      <RecordActions
        deleteTo={permissions.deleteInboxEntries ? `/admin/enquiries/${enquiry.id}/delete${search}` : null}
        deleteLabel="Delete"
        replyTo={`mailto:${enquiry.email}?subject=${encodeURIComponent(`Re: your ${subject} enquiry`)}`}
      />
    </RouteDialog>
  );
}
