import { sourcePageName, subscriberName, type SubscriberSummary } from "./inboxes";
import { EmptyList, ListTable } from "~/ui/list-page";
import { RowActions } from "~/ui/row-actions";
import { formatDateTime } from "~/lib/calendar";

// Phones show Name (with the rest under it) and Actions; the date has a column only on wide screens.
const FROM_MD = "hidden md:table-cell";
const COLUMNS = [
  { label: "Date", className: "hidden xl:table-cell" },
  "Name",
  { label: "Email", className: FROM_MD },
  { label: "Signed up on", className: FROM_MD },
  "Status",
  "Actions",
];

/** Newsletter sign-ups, newest first, each Pending, Subscribed or Unsubscribed. */
export function SubscriberTable({ subscribers, canDelete }: { subscribers: SubscriberSummary[]; canDelete: boolean }) {
  if (subscribers.length === 0) return <EmptyList>No subscribers found</EmptyList>;
  return (
    <ListTable columns={COLUMNS}>
      {subscribers.map((subscriber) => {
        const name = subscriberName(subscriber);
        const page = sourcePageName(subscriber.sourcePage) ?? "Unknown page";
        const date = <time dateTime={subscriber.createdAt}>{formatDateTime(subscriber.createdAt)}</time>;
        return (
          <tr key={subscriber.id} data-testid="subscriber-row" data-subscriber-id={subscriber.id}>
            <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 xl:table-cell">{date}</td>
            <td className="px-4 py-3">
              {name ? <span className="font-medium text-slate-900">{name}</span> : <span className="text-slate-600">No name given</span>}
              <span className="block break-all text-slate-700 md:hidden">{subscriber.email}</span>
              <span className="block text-xs text-slate-600 xl:hidden">
                {date}
                <span className="md:hidden"> · {page}</span>
              </span>
            </td>
            <td className={`${FROM_MD} px-4 py-3`}>
              <a href={`mailto:${subscriber.email}`} className="inline-block py-0.5 text-brand-700 hover:underline">
                {subscriber.email}
              </a>
            </td>
            <td className={`${FROM_MD} px-4 py-3 whitespace-nowrap text-slate-700`}>{page}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700" data-testid="subscriber-status">
              {subscriber.status}
            </td>
            <td className="px-4 py-3">
              <RowActions
                path={`/admin/newsletter/${subscriber.id}`}
                viewLabel={`View subscriber ${subscriber.email}`}
                deleteLabel={`Remove subscriber ${subscriber.email}`}
                canDelete={canDelete}
              />
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
