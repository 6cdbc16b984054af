import { z } from "zod";
import { filteredListFromUrl, searchPageSchema } from "~/lib/search-schema";
import { ORDER_STATUSES } from "./order-lists";

/** The Orders screen's rows on one page, as the quotes list. */
export const ORDERS_PAGE_SIZE = 50;

/** The owner filter's value for orders nobody owns (any other value is a staff member's id). */
export const ORDER_OWNER_UNASSIGNED = "unassigned";

/** The Orders screen's URL and `GET /admin/api/orders`: `?q=&status=&owner=&page=`, `owner` a staff id or "unassigned". Bad values fall back, not fail. */
export const orderListFiltersSchema = searchPageSchema.extend({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  owner: z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional()
    .catch(undefined),
});
export type OrderListFilters = z.infer<typeof orderListFiltersSchema>;

export function orderListFiltersFromUrl(url: URL): OrderListFilters {
  return filteredListFromUrl(orderListFiltersSchema, url, ["status", "owner"]);
}
