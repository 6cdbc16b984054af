import type { OrderLineRow, OrderRow } from "./order-tables";

/** What Find a person and the access export are given of an order (app/features/orders/order-privacy.server.ts finds them). */

/** A line as a person or staff may see it after submission: never the PAC itself, only its last three characters (pacEnding). */
export type OrderLineWithoutPac = Omit<OrderLineRow, "pac">;

/** An order as found for a person, less the columns it is matched by; `lines` are the lines they are given. */
export type PersonalOrder = Omit<OrderRow, "billingEmailNormalised" | "billingPhoneNormalised"> & {
  lines: OrderLineWithoutPac[];
  /** True when found by a line's mobile number only: the order's contacts are someone else's and are left out (null). */
  onlyTheirLines: boolean;
};
