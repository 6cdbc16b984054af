import { orderPagePath } from "./staff-order";
import { Link } from "@remix-run/react";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { formatCalendarDay } from "~/lib/calendar";
import { formatCount, formatPounds } from "~/lib/money";
import type { RenewalDue } from "./renewals-screen.server";
import { RENEWAL_LEAD_DAYS, RENEWALS_AHEAD_DAYS } from "./order-lists";

const COLUMNS = ["Customer", "Order", "Ends", "Contracts", "Monthly ex VAT", "Owner", "Renewal lead"];

/** Contracts ending soon, by customer and end date, soonest first: each links to its order, and to its renewal lead once made. */
export function RenewalTable({ renewals }: { renewals: RenewalDue[] }) {
  if (renewals.length === 0) return <EmptyList>No contracts end in the next {RENEWALS_AHEAD_DAYS} days</EmptyList>;
  return (
    <ListTable columns={COLUMNS} stacked>
      {renewals.map((renewal) => (
        <tr key={`${renewal.orderId}/${renewal.endDate}`} data-testid="renewal-row">
          <ListCell label="Customer" className="min-w-40 font-medium text-slate-900">
            {renewal.businessName}
          </ListCell>
          <ListCell label="Order" className="whitespace-nowrap">
            <Link to={orderPagePath(renewal.orderId)} className="inline-block py-1 font-mono text-xs text-brand-700 hover:underline">
              {renewal.orderReference}
            </Link>
          </ListCell>
          <ListCell label="Ends" className="whitespace-nowrap text-slate-700">
            <time dateTime={renewal.endDate}>{formatCalendarDay(renewal.endDate)}</time>
          </ListCell>
          <ListCell label="Contracts" className="text-slate-700">
            {formatCount(renewal.contracts)}
          </ListCell>
          <ListCell label="Monthly ex VAT" className="whitespace-nowrap text-slate-900">
            {formatPounds(renewal.monthlyExVatPence)}
          </ListCell>
          <ListCell label="Owner" className="text-slate-700">
            {renewal.owner ?? "Unassigned"}
          </ListCell>
          <ListCell label="Renewal lead" className="text-right whitespace-nowrap">
            {renewal.renewalLeadId === null ? (
              <span className="text-slate-500">From {RENEWAL_LEAD_DAYS} days before</span>
            ) : (
              <Link to={`/admin/leads/${renewal.renewalLeadId}`} className="inline-block py-1 text-brand-700 hover:underline">
                Open lead
              </Link>
            )}
          </ListCell>
        </tr>
      ))}
    </ListTable>
  );
}
