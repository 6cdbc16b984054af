import { sql } from "kysely";
import { getDb } from "~/platform/db.server";
import { ukDay } from "~/lib/calendar";
import { ORDER_STATUSES, type OrderStatus } from "./order-lists";

/** The dashboard's order figures. */
export interface OrderFigures {
  byStatus: Record<OrderStatus, number>;
  /** The UK calendar quarter today is in: YYYY-MM-DD, first and last day. */
  quarter: { from: string; to: string };
  /** Contracts ending this quarter (from today on), and their monthly value ex VAT. */
  endingThisQuarter: { contracts: number; monthlyExVatPence: number };
  /** Renewal leads converted, of all renewal leads made. */
  renewals: { won: number; made: number };
}

/** The first and last UK day of the calendar quarter `day` is in. */
export function quarterOf(day: string): { from: string; to: string } {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

export async function orderFigures(now = new Date()): Promise<OrderFigures> {
  const db = await getDb();
  const today = ukDay(now);
  const quarter = quarterOf(today);
  const [statuses, ending, renewals] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["status", sql<number>`count(*)`.as("count")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("contracts")
      .innerJoin("orders", "orders.id", "contracts.orderId")
      .select([sql<number>`count(*)`.as("contracts"), sql<number>`coalesce(sum(${sql.ref("contracts.monthlyExVatPence")}), 0)`.as("monthly")])
      .where("contracts.endDate", ">=", today)
      .where("contracts.endDate", "<=", quarter.to)
      .where("orders.anonymisedAt", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("leads")
      .select([sql<number>`count(*)`.as("made"), sql<number>`coalesce(sum(case when ${sql.ref("status")} = 'converted' then 1 else 0 end), 0)`.as("won")])
      .where("renewalOfOrderId", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of statuses) byStatus[row.status] = Number(row.count);
  return {
    byStatus,
    quarter,
    endingThisQuarter: { contracts: Number(ending.contracts), monthlyExVatPence: Number(ending.monthly) },
    renewals: { won: Number(renewals.won), made: Number(renewals.made) },
  };
}
