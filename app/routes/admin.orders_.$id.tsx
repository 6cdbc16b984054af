import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useAdminUser } from "~/features/staff/admin-session";
import { StaffOrderPage } from "~/features/orders/staff-order-page";
import { loadOrderPage, orderPageAction } from "~/features/orders/staff-order-page.server";
import { EmptyList } from "~/ui/list-page";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.order ? `Order ${data.order.reference}` : "Order not found"} | Administration Portal` },
];

/** An order's page: its status, the customer's details and its lines, each a form (plain posts; fetchers with JavaScript). */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadOrderPage(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => orderPageAction(request, params);

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  if (!order) return <EmptyList>This order does not exist.</EmptyList>;
  return <StaffOrderPage order={order} canWork={permissions.workLeads} />;
}
