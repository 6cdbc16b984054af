import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import { addDays } from "~/lib/calendar";
import { PAC_VALID_DAYS } from "./order-lists";

/** What the daily retention run (app/features/privacy) asks of orders: PACs past their validity, and orders whose contracts ended long ago. */

type Executor = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

// ---- PACs: a PAC is a key to someone's number, kept no longer than it works.

/** The last UK day a PAC issued on may still be held as of `today` (YYYY-MM-DD): issued PAC_VALID_DAYS or more days before, it is due. */
export function pacsIssuedOnOrBefore(today: string): string {
  return addDays(today, -PAC_VALID_DAYS);
}

/** Lines still holding a PAC issued on or before `lastDay`, after the line `after`, by id, at most `limit`. */
export async function linesWithDuePacs(db: Executor, lastDay: string, after: number | null, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("orderLines")
    .select("id")
    .where("pac", "is not", null)
    .where("pacIssuedOn", "<=", lastDay)
    .$if(after !== null, (query) => query.where("id", ">", after!))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function countDuePacs(db: Executor, lastDay: string): Promise<number> {
  const row = await db
    .selectFrom("orderLines")
    .select(sql<number>`count(*)`.as("count"))
    .where("pac", "is not", null)
    .where("pacIssuedOn", "<=", lastDay)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Clears the PACs of these lines (pacEnding stays: all that is shown after submission); how many were cleared. */
export async function clearPacs(trx: Trx, lineIds: number[], lastDay: string, now: string): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await trx
    .updateTable("orderLines")
    .set({ pac: null, pacClearedAt: now })
    .where("id", "in", lineIds)
    // Still due as the batch is written (a customer may have entered a new PAC since it was read).
    .where("pac", "is not", null)
    .where("pacIssuedOn", "<=", lastDay)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- Retention: an order that went live is a customer record, kept while any of its contracts runs and CUSTOMER_RETENTION_YEARS after the last ends.

/** Orders still holding personal details whose every contract ended before `endedBefore` (YYYY-MM-DD), after `after` by id, at most `limit`. */
function ordersEndedQuery(db: Executor, endedBefore: string) {
  return db
    .selectFrom("orders")
    .where("anonymisedAt", "is", null)
    .where(({ exists, selectFrom }) => exists(selectFrom("contracts").select("contracts.id").whereRef("contracts.orderId", "=", "orders.id")))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("contracts").select("contracts.id").whereRef("contracts.orderId", "=", "orders.id").where("contracts.endDate", ">=", endedBefore))),
    );
}

export async function ordersWithContractsEnded(db: Executor, endedBefore: string, after: number | null, limit: number): Promise<number[]> {
  const rows = await ordersEndedQuery(db, endedBefore)
    .select("orders.id")
    .$if(after !== null, (query) => query.where("orders.id", ">", after!))
    .orderBy("orders.id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function countOrdersWithContractsEnded(db: Executor, endedBefore: string): Promise<number> {
  const row = await ordersEndedQuery(db, endedBefore)
    .select(sql<number>`count(*)`.as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Each lead's latest contract end (YYYY-MM-DD, the last day of its term) over its orders: a customer is kept until that and its years after. */
export async function latestContractEnds(db: Executor, leadIds: number[]): Promise<Map<number, string>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("contracts")
    .innerJoin("orders", "orders.id", "contracts.orderId")
    .select(["orders.leadId", (eb) => eb.fn.max("contracts.endDate").as("endDate")])
    .where("orders.leadId", "in", leadIds)
    .groupBy("orders.leadId")
    .execute();
  return new Map(rows.map((row) => [row.leadId, String(row.endDate)]));
}
