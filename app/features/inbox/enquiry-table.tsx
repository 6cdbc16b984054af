import type { EnquirySummary } from "./inboxes";
import { EmptyList, ListTable } from "~/ui/list-page";
import { RowActions } from "~/ui/row-actions";
import { formatDateTime } from "~/lib/calendar";
import { CONTACT_SUBJECT_LABELS } from "./contact-subjects";

// Phones show Name (with the rest under it) and Actions; the date has a column only on wide screens.
const FROM_MD = "hidden md:table-cell";
const COLUMNS = [
  { label: "Date", className: "hidden xl:table-cell" },
  "Name",
  { label: "Contact Info", className: FROM_MD },
  { label: "Subject / Message", className: FROM_MD },
  "Actions",
];

/** Contact enquiries, newest first: who, how to reach them, the subject and the message as one line. */
export function EnquiryTable({ enquiries, canDelete }: { enquiries: EnquirySummary[]; canDelete: boolean }) {
  if (enquiries.length === 0) return <EmptyList>No enquiries found</EmptyList>;
  return (
    <ListTable columns={COLUMNS}>
      {enquiries.map((enquiry) => {
        const name = `${enquiry.firstName} ${enquiry.lastName}`;
        const subject = CONTACT_SUBJECT_LABELS[enquiry.subject];
        const date = <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>;
        return (
          <tr key={enquiry.id} data-testid="enquiry-row" data-enquiry-id={enquiry.id}>
            <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 xl:table-cell">{date}</td>
            {/* On phones this cell takes the row's width, so the message line can be cut to it. */}
            <td className="w-full max-w-0 px-4 py-3 md:w-auto md:max-w-none">
              <span className="font-medium text-slate-900">{name}</span>
              <span className="block break-all text-slate-700 md:hidden">{enquiry.email}</span>
              <span className="block text-xs text-slate-600 xl:hidden">
                {date}
                <span className="md:hidden"> · {subject}</span>
              </span>
              <span className="block truncate text-slate-700 md:hidden">{enquiry.excerpt}</span>
            </td>
            <td className={`${FROM_MD} px-4 py-3`}>
              <a href={`mailto:${enquiry.email}`} className="block py-0.5 text-brand-700 hover:underline">
                {enquiry.email}
              </a>
              <a href={`tel:${enquiry.contactNumber.replace(/\s/g, "")}`} className="block py-0.5 whitespace-nowrap text-slate-700 hover:underline">
                {enquiry.contactNumber}
              </a>
            </td>
            {/* Takes the room left over and cuts the message's line to it. */}
            <td className={`${FROM_MD} w-full max-w-0 px-4 py-3`}>
              <span className="block font-medium text-slate-900">{subject}</span>
              <span className="block truncate text-slate-700" title={enquiry.excerpt}>
                {enquiry.excerpt}
              </span>
            </td>
            <td className="px-4 py-3">
              <RowActions
                path={`/admin/enquiries/${enquiry.id}`}
                viewLabel={`View enquiry from ${name}`}
                deleteLabel={`Delete enquiry from ${name}`}
                canDelete={canDelete}
              />
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
