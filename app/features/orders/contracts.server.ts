import type { Transaction } from "kysely";
import { addCalendarMonths, addDays } from "~/lib/calendar";
import type { Database } from "~/platform/database-types";
import type { OrderLineRow } from "./order-tables";

/** The last day of a contract starting on `startDate` for `termMonths` months: start + term - 1 day ("1 Dec 2026" for 24 months ends 30 Nov 2028). */
export function contractEndDate(startDate: string, termMonths: number): string {
  return addDays(addCalendarMonths(startDate, termMonths), -1);
}

/**
 * On Live: a contract for each line not cancelled that has a term, starting on `startDate` (the UK day it went live). A line that already has one keeps it,
 * so going Live again makes none twice. Gives how many were made.
 */
export async function makeContracts(
  trx: Transaction<Database>,
  orderId: number,
  lines: ReadonlyArray<Pick<OrderLineRow, "id" | "status" | "termMonths" | "tariffName" | "monthlyExVatPence">>,
  startDate: string,
): Promise<number> {
  const existing = new Set((await trx.selectFrom("contracts").select("orderLineId").where("orderId", "=", orderId).execute()).map((row) => row.orderLineId));
  const rows = lines
    .filter((line) => line.status !== "cancelled" && line.termMonths !== null && !existing.has(line.id))
    .map((line) => ({
      orderId,
      orderLineId: line.id,
      tariffName: line.tariffName,
      termMonths: line.termMonths!,
      monthlyExVatPence: line.monthlyExVatPence,
      startDate,
      endDate: contractEndDate(startDate, line.termMonths!),
      renewalLeadId: null,
      renewalDueAt: null,
    }));
  if (rows.length) await trx.insertInto("contracts").values(rows).execute();
  return rows.length;
}
