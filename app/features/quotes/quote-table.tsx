import { Link } from "@remix-run/react";
import type { ListedQuote } from "./quotes-screen";
import { EmptyList, ListTable } from "~/ui/list-page";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatCount, formatPounds } from "~/lib/money";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";

const COLUMNS = ["Reference", "Business", "Status", "Owner", "Monthly ex VAT", "Monthly inc VAT", "One-off ex VAT", "Sent", "Valid until", "Views"];

/** Every quote, newest first: each row links to its lead, where the quote is worked. */
export function QuoteTable({ quotes }: { quotes: ListedQuote[] }) {
  if (quotes.length === 0) return <EmptyList>No quotes found</EmptyList>;
  return (
    <ListTable columns={COLUMNS}>
      {quotes.map((quote) => (
        <tr key={quote.id} data-testid="quote-row" data-quote-id={quote.id}>
          <td className="px-3 py-3 whitespace-nowrap">
            <Link to={`/admin/leads/${quote.leadId}`} className="font-mono text-xs text-brand-700 hover:underline">
              {quote.reference}
            </Link>
          </td>
          <td className="min-w-40 px-3 py-3 font-medium text-slate-900">{quote.businessName}</td>
          <td className="px-3 py-3">
            <QuoteStatusBadge status={quote.status} />
          </td>
          <td className="px-3 py-3 text-slate-700">{quote.owner ?? "Unassigned"}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-900">{formatPounds(quote.monthlyExVatPence)}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatPounds(quote.monthlyIncVatPence)}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatPounds(quote.oneOffExVatPence)}</td>
          <td className="px-3 py-3 text-slate-700">{quote.sentAt ? <time dateTime={quote.sentAt}>{formatDateTime(quote.sentAt)}</time> : "Not sent"}</td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">
            <time dateTime={quote.validUntil}>{formatCalendarDay(quote.validUntil)}</time>
          </td>
          <td className="px-3 py-3 text-right text-slate-700">{formatCount(quote.viewCount)}</td>
        </tr>
      ))}
    </ListTable>
  );
}
