import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Fact, Facts } from "~/ui/facts";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { RecordActions } from "~/ui/record-actions";
import { RouteDialog } from "~/ui/dialog";
import { useAdminUser } from "~/features/staff/admin-session";
import { sourcePageName, subscriberName } from "~/features/inbox/inboxes";
import { recordId } from "~/lib/route-params";
import { foundOrNull } from "~/platform/model-error.server";
import { getNewsletterSignup } from "~/features/inbox/newsletter-signups.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { formatDateTime } from "~/lib/calendar";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const subscriber = await foundOrNull(getNewsletterSignup(recordId(params.id)));
  return json({ subscriber }, { status: subscriber ? 200 : 404 });
}

export default function SubscriberDetailsDialog() {
  const { subscriber } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  const { search } = useLocation();
  const closeTo = `/admin/newsletter${search}`;
  if (!subscriber) {
    return <MissingRecordDialog title="Subscriber not found" closeTo={closeTo} text="This subscriber is no longer on the list. They may have been removed." />;
  }
  const page = sourcePageName(subscriber.sourcePage);
  return (
    <RouteDialog title="Subscriber details" description={subscriber.email} closeTo={closeTo} wide>
      <Facts title="Subscriber">
        <Fact label="Name">{subscriberName(subscriber)}</Fact>
        <Fact label="Email">
          <a href={`mailto:${subscriber.email}`} className="inline-block py-0.5 text-brand-700 hover:underline">
            {subscriber.email}
          </a>
        </Fact>
        <Fact label="Signed up on">
          {page && page !== subscriber.sourcePage ? (
            <>
              {page} <span className="font-mono text-slate-600">({subscriber.sourcePage})</span>
            </>
          ) : (
            page
          )}
        </Fact>
        <Fact label="Signed up">
          <time dateTime={subscriber.createdAt}>{formatDateTime(subscriber.createdAt)}</time>
        </Fact>
        {subscriber.updatedAt !== subscriber.createdAt ? (
          <Fact label="Signed up again">
            <time dateTime={subscriber.updatedAt}>{formatDateTime(subscriber.updatedAt)}</time>
          </Fact>
        ) : null}
      </Facts>
      <RecordActions deleteTo={permissions.deleteInboxEntries ? `/admin/newsletter/${subscriber.id}/delete${search}` : null} deleteLabel="Remove" />
    </RouteDialog>
  );
}
