import { sql, type SelectQueryBuilder } from "kysely";
import { fullName } from "~/features/staff";
import type { Database } from "~/platform/database-types";
import { getDb } from "~/platform/db.server";
import { textSearch } from "~/platform/listing.server";
import type { OrderStatus } from "./order-lists";
import { ORDER_OWNER_UNASSIGNED, ORDERS_PAGE_SIZE, type OrderListFilters } from "./order-list-schema";

/** The Orders screen and `GET /admin/api/orders`: newest changed first, filtered by status and owner, searched by business or reference. */

/** One row of the Orders screen. */
export interface ListedOrder {
  id: number;
  reference: string;
  leadId: number;
  businessName: string | null;
  status: OrderStatus;
  holdReason: string | null;
  ownerId: string | null;
  owner: string | null;
  lineCount: number;
  monthlyExVatPence: number;
  updatedAt: string;
  createdAt: string;
}

export interface OrderPage {
  orders: ListedOrder[];
  total: number;
  page: number;
  pageCount: number;
}

function filtered<O>(query: SelectQueryBuilder<Database, "orders", O>, filters: Pick<OrderListFilters, "q" | "status" | "owner">) {
  let result = query;
  if (filters.status) result = result.where("status", "=", filters.status);
  const owner = filters.owner;
  if (owner) result = owner === ORDER_OWNER_UNASSIGNED ? result.where("ownerId", "is", null) : result.where("ownerId", "=", owner);
  return result.where(textSearch(filters.q, { text: ["businessName", "reference"] }));
}

/** One page of orders, newest changed first (the (updatedAt, id) indexes), with each one's line count and monthly value. */
export async function listOrders(filters: OrderListFilters): Promise<OrderPage> {
  const db = await getDb();
  const query = filtered(db.selectFrom("orders"), filters);
  const { count } = await query.select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await query
    .select(["id", "reference", "leadId", "businessName", "status", "holdReason", "ownerId", "updatedAt", "createdAt"])
    .orderBy("updatedAt", "desc")
    .orderBy("id", "desc")
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE)
    .execute();
  const ids = rows.map((row) => row.id);
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
  const [sums, owners] = await Promise.all([
    ids.length
      ? db
          .selectFrom("orderLines")
          .select(["orderId", sql<number>`count(*)`.as("lines"), sql<number>`coalesce(sum(${sql.ref("monthlyExVatPence")}), 0)`.as("monthly")])
          .where("orderId", "in", ids)
          .where("status", "!=", "cancelled")
          .groupBy("orderId")
          .execute()
      : [],
    ownerIds.length ? db.selectFrom("adminUsers").select(["id", "firstName", "lastName"]).where("id", "in", ownerIds).execute() : [],
  ]);
  const sumsById = new Map(sums.map((sum) => [sum.orderId, sum]));
  const names = new Map(owners.map((owner) => [owner.id, fullName(owner)]));
  const orders = rows.map((row) => ({
    ...row,
    owner: row.ownerId ? (names.get(row.ownerId) ?? null) : null,
    lineCount: Number(sumsById.get(row.id)?.lines ?? 0),
    monthlyExVatPence: Number(sumsById.get(row.id)?.monthly ?? 0),
  }));
  return { orders, total, page, pageCount };
}
