import { QUOTE_CHARGE_LABELS, QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS, type QuoteDocument, type QuoteLine } from "./quotes";
import { quoteLinePriceRises, quoteLineWorking, type QuoteLineStep } from "./quote-prices";
import { describeTeamPriceRise } from "~/features/tariffs";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** A quote line's words as the customer's page, its PDF, its email and the staff view show them, so they all read alike. */

/** "£2.40", or "-£2.40" for an amount taken off. */
export function signedPounds(pence: number): string {
  return pence < 0 ? `-${formatPounds(-pence)}` : formatPounds(pence);
}

/** "10% off lines 2-3 (2 x £1.20): -£2.40". */
export function describeStep(step: QuoteLineStep): string {
  return `${step.words}: ${signedPounds(step.amountExVatPence)}`;
}

/** What a reader is shown of how a line's amount is made: its steps, each with its amount (a lone step is the amount itself: "7 x £10.50"), then its rises. */
export function lineWorkingWords(line: QuoteLine, start: string): { steps: string[]; priceRises: string[] } {
  const steps = quoteLineWorking(line, start);
  return {
    steps: steps.length === 1 ? [steps[0]!.words] : steps.map(describeStep),
    priceRises: quoteLinePriceRises(line, start).map(describeTeamPriceRise),
  };
}

/** Each line of a document with its index (the key into `totals.lines`) and its working, in group order. */
export function documentLinesByGroup(document: Pick<QuoteDocument, "lines" | "start">) {
  return QUOTE_LINE_GROUPS.map((group) => ({
    group,
    label: QUOTE_LINE_GROUP_LABELS[group],
    lines: document.lines.flatMap((line, index) => (line.group === group ? [{ line, index, working: lineWorkingWords(line, document.start) }] : [])),
  })).filter((entry) => entry.lines.length > 0);
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

/** What "Due on acceptance" says of paying it: the brand's payment instructions, else that the account manager arranges it. */
export function paymentWords(duePence: number, paymentInstructions: string | null): string {
  const due = `${formatPounds(duePence)} inc VAT is due when you accept.`;
  return paymentInstructions ? `${due} ${paymentInstructions}` : `${due} Your account manager will contact you to arrange payment.`;
}
