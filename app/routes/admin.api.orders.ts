import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { orderListFiltersFromUrl } from "~/features/orders/order-list-schema";
import { listOrders } from "~/features/orders/order-list.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { jsonPage } from "~/platform/json-api.server";

/**
 * `GET /admin/api/orders`: the Orders screen as JSON, newest changed first. `?q=&status=&owner=&page=` narrow it as the screen's filters do; 50 a page, with
 * the totals in X-Total-Count, X-Page and X-Page-Count.
 */
const orders: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: async ({ request }) => {
      const page = await listOrders(orderListFiltersFromUrl(new URL(request.url)));
      return jsonPage(page.orders, page);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(orders, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(orders, args);
