import type { NumberChoice, OrderBusinessKind, OrderLineStatus, OrderStatus, SimType } from "./order-lists";

/** What the customer's pages are given of an order (the order form at /quote/{token}/order and the progress on the quote's page). */

/** A line as its customer sees it: once the order is submitted, never its PAC, only `pacEnding`. */
export interface CustomerOrderLine {
  position: number;
  tariffName: string;
  termMonths: number | null;
  monthlyExVatPence: number;
  status: OrderLineStatus;
  userName: string | null;
  numberChoice: NumberChoice | null;
  mobileNumber: string | null;
  pacEnding: string | null;
  simType: SimType | null;
  /** YYYY-MM-DD. */
  portDate: string | null;
}

export interface CustomerOrder {
  reference: string;
  status: OrderStatus;
  holdReason: string | null;
  /** ISO instant; null while the customer is still filling it in. */
  detailsSubmittedAt: string | null;
  businessKind: OrderBusinessKind | null;
  businessName: string | null;
  lines: CustomerOrderLine[];
}

/** A draft order with the customer's saved answers, as the form's fields name them (what they typed, PACs included: it is still theirs to change). */
export interface CustomerOrderDraft extends CustomerOrder {
  values: Record<string, string>;
}

/** "07700 900123": a stored mobile number as people write it. */
export function formatMobileNumber(digits: string): string {
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}

/** What the customer is shown of a line's number: the number kept, and the PAC by its last three characters only. */
export function lineNumberWords(line: Pick<CustomerOrderLine, "numberChoice" | "mobileNumber" | "pacEnding">): string {
  if (line.numberChoice === "new") return "New number";
  if (line.numberChoice !== "keep" || !line.mobileNumber) return "Not given yet";
  return `${formatMobileNumber(line.mobileNumber)}${line.pacEnding ? ` (PAC ending ${line.pacEnding})` : ""}`;
}
