import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MessagesSquare } from "~/components/ui/icons";
import { EnquiryTable } from "~/components/admin/enquiry-table";
import { InboxScreen } from "~/components/admin/inbox-screen";
import { useAdminUser } from "~/lib/admin-session";
import { searchPageFromUrl } from "~/lib/schemas/search";
import { contactEnquiryCounts, listContactEnquiries } from "~/models/contact-enquiries.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

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
