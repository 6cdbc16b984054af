import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Mail } from "~/ui/icons";
import { InboxScreen } from "~/features/inbox/inbox-screen";
import { SubscriberTable } from "~/features/inbox/subscriber-table";
import { useAdminUser } from "~/features/staff/admin-session";
import { searchPageFromUrl } from "~/lib/search-schema";
import { listNewsletterSignups, newsletterSignupCounts } from "~/features/inbox/newsletter-signups.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";

export const meta: MetaFunction = () => [{ title: "Newsletter | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const filters = searchPageFromUrl(new URL(request.url));
  const [page, counts] = await Promise.all([listNewsletterSignups(filters), newsletterSignupCounts()]);
  return json({ filters, page, counts });
}

export default function Newsletter() {
  const { filters, page, counts } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  return (
    <InboxScreen
      path="/admin/newsletter"
      title="Newsletter"
      intro="People who signed up for the newsletter on the website, newest first."
      noun="subscribers"
      one="subscriber"
      icon={Mail}
      counts={counts}
      q={filters.q}
      searchPlaceholder="Search by name or email..."
      page={page}
    >
      <SubscriberTable subscribers={page.entries} canDelete={permissions.deleteInboxEntries} />
    </InboxScreen>
  );
}
