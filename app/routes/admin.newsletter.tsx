import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Mail } from "~/components/ui/icons";
import { InboxScreen } from "~/components/admin/inbox-screen";
import { SubscriberTable } from "~/components/admin/subscriber-table";
import { useAdminUser } from "~/lib/admin-session";
import { searchPageFromUrl } from "~/lib/schemas/search";
import { listNewsletterSignups, newsletterSignupCounts } from "~/models/newsletter-signups.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

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
