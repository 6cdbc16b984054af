import type { AdminUser } from "~/features/staff";
import { recordAudit } from "~/features/staff/index.server";
import { csvRow } from "~/lib/csv";
import { countOf } from "~/lib/plural";
import { getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { SIM_TYPE_LABELS } from "./order-lists";

/** The network's order form's columns, one row per line, in order. */
export const ORDER_LINES_CSV_COLUMNS = ["User", "Number", "PAC", "PAC date", "SIM type", "Tariff", "Term (months)"] as const;

/**
 * The order's lines for the network's (or distributor's) order form: the full PAC while it is still held (staff only; empty once cleared), audited as a
 * download of personal data. 404 for no order. Gives the file's name and its text (an order has tens of lines, not thousands: no streaming needed).
 */
export async function orderLinesCsv(actor: AdminUser, orderId: number): Promise<{ name: string; csv: string }> {
  const db = await getDb();
  const order = await db.selectFrom("orders").select(["id", "reference"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) throw new ModelError(404, "Order not found");
  const lines = await db.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
  const rows = lines.map((line) =>
    csvRow([
      line.userName,
      line.mobileNumber,
      line.pac,
      line.pac ? line.pacIssuedOn : null,
      line.simType ? SIM_TYPE_LABELS[line.simType] : null,
      line.tariffName,
      line.termMonths,
    ]),
  );
  await recordAudit(actor, {
    action: "order.lines-exported",
    entityType: "order",
    entityId: order.id,
    summary: `Downloaded the lines of order ${order.reference} as CSV (${countOf(lines.length, "line")})`,
  });
  // A byte-order mark so spreadsheet programs read the file as UTF-8, as the lists' exports do.
  return { name: `order-${order.reference}-lines`, csv: `\uFEFF${csvRow(ORDER_LINES_CSV_COLUMNS)}${rows.join("")}` };
}
