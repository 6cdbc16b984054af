import { Link, Outlet } from "@remix-run/react";
import { buttonClasses } from "~/ui/button";
import { Download } from "~/ui/icons";
import { formatDateTime } from "~/lib/calendar";
import { ORDERS_ADMIN_PATH, orderPagePath, type StaffOrder } from "./staff-order";
import { OrderDetailsForm } from "./staff-order-details";
import { OrderLines } from "./staff-order-lines";
import { OrderStatusForm } from "./staff-order-status-form";

/** An order's page: who and what, its status form, the customer's details and its lines, each a form of its own; the cancel confirmation opens over it. */
export function StaffOrderPage({ order, canWork }: { order: StaffOrder; canWork: boolean }) {
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to={ORDERS_ADMIN_PATH} className="inline-block py-1 text-brand-700 hover:underline">
              Orders
            </Link>
          </p>
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{`Order ${order.reference}`}</h1>
          <p className="mt-1 text-slate-600">
            {order.businessName ?? "Business not given"} · owner {order.owner ?? "unassigned"} · lead{" "}
            <Link to={`/admin/leads/${order.lead.id}`} className="text-brand-700 underline">
              {order.lead.reference}
            </Link>
          </p>
          <p className="text-sm text-slate-600" data-testid="order-last-change">
            Last changed by {order.lastChange.by} at <time dateTime={order.lastChange.at}>{formatDateTime(order.lastChange.at)}</time>
          </p>
        </div>
        <a href={`${orderPagePath(order.id)}/lines.csv`} download className={buttonClasses("outline", "md")}>
          <Download className="size-4" aria-hidden /> Lines CSV for the network
        </a>
      </div>
      <OrderStatusForm order={order} canWork={canWork} />
      <OrderDetailsForm order={order} canWork={canWork} />
      <OrderLines order={order} canWork={canWork} />
      <Outlet />
    </div>
  );
}
