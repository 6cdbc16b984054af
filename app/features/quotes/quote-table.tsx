import { Link } from "@remix-run/react";
import type { ListedQuote } from "./quotes-screen";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatCount, formatPounds } from "~/lib/money";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";

const COLUMNS = ["Reference", "Business", "Status", "Owner", "Monthly ex VAT", "Monthly inc VAT", "One-off ex VAT", "Sent", "Valid until", "Views"];

/** Every quote, newest first: each row links to its lead, where the quote is worked. */
export function QuoteTable({ quotes }: { quotes: ListedQuote[] }) {
  if (quotes.length === 0) return <EmptyList>No quotes found</EmptyList>;
  return (
    <ListTable columns={COLUMNS} stacked>
      {quotes.map((quote) => (
        <tr key={quote.id} data-testid="quote-row" data-quote-id={quote.id}>
          <ListCell label="Reference" className="whitespace-nowrap">
            <Link to={`/admin/leads/${quote.leadId}`} className="inline-block py-1 font-mono text-xs text-brand-700 hover:underline">
              {quote.reference}
            </Link>
          </ListCell>
          <ListCell label="Business" className="min-w-40 font-medium text-slate-900">
            {quote.businessName}
          </ListCell>
          <ListCell label="Status">
            <QuoteStatusBadge status={quote.status} />
          </ListCell>
          <ListCell label="Owner" className="text-slate-700">
            {quote.owner ?? "Unassigned"}
          </ListCell>
          <ListCell label="Monthly ex VAT" className="whitespace-nowrap text-slate-900">
            {formatPounds(quote.monthlyExVatPence)}
          </ListCell>
          <ListCell label="Monthly inc VAT" className="whitespace-nowrap text-slate-700">
            {formatPounds(quote.monthlyIncVatPence)}
          </ListCell>
          <ListCell label="One-off ex VAT" className="whitespace-nowrap text-slate-700">
            {formatPounds(quote.oneOffExVatPence)}
          </ListCell>
          <ListCell label="Sent" className="text-slate-700">
            {quote.sentAt ? <time dateTime={quote.sentAt}>{formatDateTime(quote.sentAt)}</time> : "Not sent"}
          </ListCell>
          <ListCell label="Valid until" className="whitespace-nowrap text-slate-700">
            <time dateTime={quote.validUntil}>{formatCalendarDay(quote.validUntil)}</time>
          </ListCell>
          <ListCell label="Views" className="text-right text-slate-700">
            {formatCount(quote.viewCount)}
          </ListCell>
        </tr>
      ))}
    </ListTable>
  );
}
