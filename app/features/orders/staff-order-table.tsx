import { Link } from "@remix-run/react";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { FilterForm } from "~/ui/filter-select";
import { formatDateTime } from "~/lib/calendar";
import { formatCount, formatPounds } from "~/lib/money";
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from "./order-lists";
import type { ListedOrder } from "./order-list.server";
import { ORDER_OWNER_UNASSIGNED, type OrderListFilters } from "./order-list-schema";
import { ORDERS_ADMIN_PATH, orderPagePath } from "./staff-order";
import { OrderStatusBadge } from "./staff-order-status-form";

const COLUMNS = ["Reference", "Business", "Status", "Owner", "Lines", "Monthly ex VAT", "Changed"];

/** Every order, newest changed first; each row opens the order's page. Stacked rows on a phone. */
export function OrderTable({ orders }: { orders: ListedOrder[] }) {
  if (orders.length === 0) return <EmptyList>No orders found</EmptyList>;
  return (
    <ListTable columns={COLUMNS} stacked>
      {orders.map((order) => (
        <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
          <ListCell label="Reference" className="whitespace-nowrap">
            <Link to={orderPagePath(order.id)} className="inline-block py-1 font-mono text-xs text-brand-700 hover:underline">
              {order.reference}
            </Link>
          </ListCell>
          <ListCell label="Business" className="min-w-40 font-medium text-slate-900">
            {order.businessName ?? "Not given"}
          </ListCell>
          <ListCell label="Status">
            <OrderStatusBadge status={order.status} />
            {order.holdReason ? <span className="mt-1 block text-xs text-slate-700">{order.holdReason}</span> : null}
          </ListCell>
          <ListCell label="Owner" className="text-slate-700">
            {order.owner ?? "Unassigned"}
          </ListCell>
          <ListCell label="Lines" className="text-slate-700">
            {formatCount(order.lineCount)}
          </ListCell>
          <ListCell label="Monthly ex VAT" className="whitespace-nowrap text-slate-900">
            {formatPounds(order.monthlyExVatPence)}
          </ListCell>
          <ListCell label="Changed" className="text-slate-700">
            <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
          </ListCell>
        </tr>
      ))}
    </ListTable>
  );
}

/** The Orders screen's search (business or reference) and filters (status, owner), in the URL. */
export function OrderFilters({ filters, owners }: { filters: Omit<OrderListFilters, "page">; owners: Array<{ id: string; name: string }> }) {
  const ownerLabels: Record<string, string> = { [ORDER_OWNER_UNASSIGNED]: "Unassigned", ...Object.fromEntries(owners.map((owner) => [owner.id, owner.name])) };
  return (
    <FilterForm
      action={ORDERS_ADMIN_PATH}
      id="order-search"
      label="Search orders"
      placeholder="Search by reference or business..."
      q={filters.q}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 xl:grid-cols-[1fr_12rem_12rem_auto]"
      filters={[
        {
          id: "order-status-filter",
          label: "Filter by status",
          name: "status",
          value: filters.status,
          allLabel: "All statuses",
          options: ORDER_STATUSES,
          labels: ORDER_STATUS_LABELS,
        },
        {
          id: "order-owner-filter",
          label: "Filter by owner",
          name: "owner",
          value: filters.owner,
          allLabel: "Anyone's orders",
          options: [ORDER_OWNER_UNASSIGNED, ...owners.map((owner) => owner.id)],
          labels: ownerLabels,
        },
      ]}
    />
  );
}
