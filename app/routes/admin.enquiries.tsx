import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MessagesSquare } from "~/ui/icons";
import { EnquiryTable } from "~/features/inbox/enquiry-table";
import { InboxScreen } from "~/features/inbox/inbox-screen";
import { useAdminUser } from "~/features/staff/admin-session";
import { searchPageFromUrl } from "~/lib/search-schema";
import { contactEnquiryCounts, listContactEnquiries } from "~/features/inbox/contact-enquiries.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";

export const meta: MetaFunction = () => [{ title: "Enquiries | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const filters = searchPageFromUrl(new URL(request.url));
  const [page, counts] = await Promise.all([listContactEnquiries(filters), contactEnquiryCounts()]);
  return json({ filters, page, counts });
}

export default function Enquiries() {
  const { filters, page, counts } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  return (
    <InboxScreen
      path="/admin/enquiries"
      title="Enquiries"
      intro="Messages sent through the contact page, newest first."
      noun="enquiries"
      one="enquiry"
      icon={MessagesSquare}
      counts={counts}
      q={filters.q}
      searchPlaceholder="Search name, email, phone or message..."
      page={page}
    >
      <EnquiryTable enquiries={page.entries} canDelete={permissions.deleteInboxEntries} />
    </InboxScreen>
  );
}
