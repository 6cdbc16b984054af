import { QUOTE_CHARGE_LABELS, type QuoteLine, type QuoteLineDiscount } from "./quotes";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** A quote line's words as the customer's page and its PDF both show them, so the two read alike. */

export function describeDiscount(discount: QuoteLineDiscount): string {
  const off = discount.kind === "percent" ? `${discount.percent}% off` : `${formatPounds(discount.amountExVatPence)} off`;
  return `Discount: ${off} (${discount.reason})`;
}

export function describeCharge(line: Pick<QuoteLine, "charge" | "termMonths">): string {
  if (line.charge === "one_off") return QUOTE_CHARGE_LABELS.one_off;
  return `${QUOTE_CHARGE_LABELS.monthly}, ${countOf(line.termMonths ?? 1, "month")}`;
}

/** The totals' rows, in order, with their labels: the page and the PDF show these same figures. */
export const QUOTE_TOTAL_ROWS = [
  { key: "monthlyExVatPence", label: "Monthly ex VAT" },
  { key: "monthlyVatPence", label: "VAT on monthly charges" },
  { key: "monthlyIncVatPence", label: "Monthly inc VAT", strong: true },
  { key: "oneOffExVatPence", label: "One-off ex VAT" },
  { key: "oneOffVatPence", label: "VAT on one-off charges" },
  { key: "oneOffIncVatPence", label: "One-off inc VAT", strong: true },
  { key: "dueOnAcceptanceIncVatPence", label: "Due on acceptance inc VAT", strong: true },
  { key: "contractTotalExVatPence", label: "Contract total ex VAT, with the price rises" },
  { key: "contractTotalIncVatPence", label: "Contract total inc VAT, with the price rises", strong: true },
] as const;
