import type { NumberChoice, OrderBusinessKind, OrderLineStatus, OrderStatus, SimType } from "./order-lists";

/**
 * The order form's sections and field names: the same in the form, the server's schemas (order-schemas.ts), the answer's errors and the error summary.
 */

export const ORDER_SECTIONS = ["lines", "business", "delivery", "billing"] as const;
export type OrderSection = (typeof ORDER_SECTIONS)[number];

export const ORDER_SECTION_TITLES: Record<OrderSection, string> = {
  lines: "Lines",
  business: "Business",
  delivery: "Delivery",
  billing: "Billing and connection",
};

/** What a post to the order page asks: save one section, or submit the whole order. */
export const ORDER_INTENTS = ["save-lines", "save-business", "save-delivery", "save-billing", "submit"] as const satisfies ReadonlyArray<
  `save-${OrderSection}` | "submit"
>;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export const LINE_FIELDS = ["userName", "numberChoice", "mobileNumber", "pac", "pacIssuedOn", "simType"] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** How many lines the form was drawn with: a post for another count (the page was out of date, or made up) changes nothing. */
export const LINE_COUNT_FIELD = "lineCount";

export const BUSINESS_FIELDS = ["businessKind", "companyNumber", "businessName"] as const;
export const DELIVERY_FIELDS = ["deliveryName", "deliveryLine1", "deliveryLine2", "deliveryTown", "deliveryPostcode"] as const;
export const BILLING_FIELDS = ["billingName", "billingEmail", "billingPhone", "earliestConnectionDate"] as const;

/** A line's field as the form names it: line 3's PAC is "line3Pac". */
export function lineFieldName(position: number, field: LineField): string {
  return `line${position}${field[0]!.toUpperCase()}${field.slice(1)}`;
}

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
