import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListPanel } from "~/ui/list-page";
import { OrderFilters, OrderTable } from "~/features/orders/staff-order-table";
import { orderListFiltersFromUrl } from "~/features/orders/order-list-schema";
import { listOrders } from "~/features/orders/order-list.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { activeStaffChoices } from "~/features/staff/index.server";
import { isSearched } from "~/lib/search-schema";
import { titleWithCount } from "~/lib/plural";

export const meta: MetaFunction = () => [{ title: "Orders | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const filters = orderListFiltersFromUrl(new URL(request.url));
  const [page, owners] = await Promise.all([listOrders(filters), activeStaffChoices()]);
  return json({ filters, page, owners });
}

export default function Orders() {
  const { filters, page, owners } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{titleWithCount("Orders", page.total)}</h1>
        <p className="text-slate-600">Every order of an accepted quote, the most recently changed first. Open one to work it through to Live.</p>
      </div>
      <OrderFilters filters={filters} owners={owners} />
      <ListPanel label="Orders" page={page.page} pageCount={page.pageCount} found={{ filtered: isSearched(filters), count: page.total, one: "order" }}>
        <OrderTable orders={page.orders} />
      </ListPanel>
    </div>
  );
}
