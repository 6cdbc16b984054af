import { Link } from "@remix-run/react";
import { CalendarRange, Repeat, Smartphone } from "~/ui/icons";
import { StatCard } from "~/ui/stat-card";
import { formatCalendarDay } from "~/lib/calendar";
import { formatCount, formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, RENEWALS_AHEAD_DAYS } from "./order-lists";
import type { OrderFigures } from "./order-figures.server";

/** The dashboard's orders: how many are at each status (each a link to the Orders screen so filtered), contracts ending this quarter, renewals won. */
export function OrderTiles({ orders }: { orders: OrderFigures }) {
  const total = ORDER_STATUSES.reduce((sum, status) => sum + orders.byStatus[status], 0);
  return (
    <section aria-labelledby="order-figures-heading" className="grid gap-4" data-testid="order-figures">
      <h2 id="order-figures-heading" className="text-lg font-semibold text-slate-900">
        <Link to="/admin/orders" className="inline-block py-0.5 hover:underline">
          Orders and renewals
        </Link>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="orders-by-status">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">Orders by status ({formatCount(total)} in all)</p>
            <Smartphone className="size-5 shrink-0 text-brand-600" aria-hidden />
          </div>
          <ul className="mt-2 grid gap-1 text-sm">
            {ORDER_STATUSES.map((status) => (
              <li key={status} className="flex justify-between gap-2">
                <Link to={`/admin/orders?status=${status}`} className="inline-block py-0.5 text-brand-700 hover:underline">
                  {ORDER_STATUS_LABELS[status]}
                </Link>
                <span className="font-semibold text-slate-900">{formatCount(orders.byStatus[status])}</span>
              </li>
            ))}
          </ul>
        </div>
        <StatCard
          label={`Contracts ending this quarter (to ${formatCalendarDay(orders.quarter.to)}): ${countOf(orders.endingThisQuarter.contracts, "contract")}, monthly value ex VAT`}
          value={formatPounds(orders.endingThisQuarter.monthlyExVatPence)}
          icon={CalendarRange}
          testId="dashboard-contracts-ending"
        />
        <StatCard
          label={`Renewals won (renewal leads converted, of ${formatCount(orders.renewals.made)} made)`}
          value={formatCount(orders.renewals.won)}
          icon={Repeat}
          testId="dashboard-renewals-won"
        />
      </div>
      <p className="text-sm">
        <Link to="/admin/renewals" className="inline-block py-0.5 text-brand-700 hover:underline">
          Contracts ending in the next {RENEWALS_AHEAD_DAYS} days
        </Link>
      </p>
    </section>
  );
}
