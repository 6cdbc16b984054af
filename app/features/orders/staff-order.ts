import type { ContractRow, OrderLineRow, OrderRow } from "./order-tables";

/**
 * The order as staff see it (page and JSON): its row less what only matching and erasure use, with its lead, owner, lines and contracts. The full PAC is never
 * in it, only its last three characters (docs/orders.md).
 */
export type StaffOrder = Omit<OrderRow, "billingEmailNormalised" | "billingPhoneNormalised" | "anonymisedAt" | "leadId"> & {
  lead: { id: number; reference: string };
  owner: string | null;
  /** Who made the latest change and when, as "Changed by ... at ..." says it. */
  lastChange: { by: string; at: string; atText: string };
  lines: StaffOrderLine[];
  contracts: Array<Pick<ContractRow, "orderLineId" | "startDate" | "endDate" | "termMonths" | "monthlyExVatPence">>;
};

/** A line as staff see it: `pacEnding` (the PAC's last three characters) and whether the PAC is still held, never the PAC itself (only the network's CSV). */
export type StaffOrderLine = Omit<OrderLineRow, "pac" | "orderId"> & { pacHeld: boolean };

/** "PAC ending 456", all that is ever shown of a PAC. */
export const pacEndingText = (ending: string | null) => (ending ? `PAC ending ${ending}` : "No PAC");

/** Whether a line moves an existing number across (and so has a port date when porting). */
export const keepsNumber = (line: Pick<StaffOrderLine, "numberChoice" | "status">) => line.numberChoice === "keep" && line.status !== "cancelled";

export const ORDERS_ADMIN_PATH = "/admin/orders";
export const orderPagePath = (id: number) => `${ORDERS_ADMIN_PATH}/${id}`;
