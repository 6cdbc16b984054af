import {
  divideRoundingHalfUp,
  monthStartsFrom,
  priceInForce,
  sortedPriceRises,
  teamPriceFor,
  teamPriceRises,
  vatOn,
  withVat,
  type TeamPriceRise,
} from "~/features/tariffs";
import type { QuoteLine, QuoteLineDiscount, QuoteTotals } from "./quotes";
import { formatPounds } from "~/lib/money";

/** An amount after a quote line's discount: a percent off rounded half up, or an amount off (never below nothing). */
function afterDiscount(amount: number, discount: QuoteLineDiscount | null): number {
  if (!discount) return amount;
  if (discount.kind === "amount") return Math.max(0, amount - discount.amountExVatPence);
  return divideRoundingHalfUp(amount * (10_000 - Math.round(discount.percent * 100)), 10_000);
}

/**
 * A quote's figures from `start`: a monthly line's month m is its quantity at that month's unit price (with the multi-line discount, as the comparison prices
 * it), less its discount; a one-off is its quantity at the unit price, less its discount. VAT is applied to each figure shown, never summed from parts.
 */
export function priceQuote(lines: readonly QuoteLine[], start: string): QuoteTotals {
  let monthly = 0;
  let oneOff = 0;
  let contractTotal = 0;
  const figures = lines.map((line) => {
    if (line.charge === "one_off") {
      const amount = afterDiscount(line.unitPriceExVatPence * line.quantity, line.discount);
      oneOff += amount;
      contractTotal += amount;
      return { amountExVatPence: amount, overTermExVatPence: amount };
    }
    const term = line.termMonths ?? 1;
    const rises = sortedPriceRises(line.priceRises);
    const starts = monthStartsFrom(start, term);
    let overTerm = 0;
    let firstMonth = 0;
    for (let month = 1; month <= term; month++) {
      const price = priceInForce(line.unitPriceExVatPence, rises, starts[month - 1]!);
      const amount = afterDiscount(teamPriceFor(price, line.multiLineDiscount, line.quantity), line.discount);
      if (month === 1) firstMonth = amount;
      overTerm += amount;
    }
    monthly += firstMonth;
    contractTotal += overTerm;
    return { amountExVatPence: firstMonth, overTermExVatPence: overTerm };
  });
  return {
    lines: figures,
    monthlyExVatPence: monthly,
    monthlyVatPence: vatOn(monthly),
    monthlyIncVatPence: withVat(monthly),
    oneOffExVatPence: oneOff,
    oneOffVatPence: vatOn(oneOff),
    oneOffIncVatPence: withVat(oneOff),
    dueOnAcceptanceIncVatPence: withVat(oneOff),
    contractTotalExVatPence: contractTotal,
    contractTotalIncVatPence: withVat(contractTotal),
  };
}

/** One step of how a line's amount is made: what a reader multiplies or takes off, and its amount in pence ex VAT (below nothing when taken off). */
export interface QuoteLineStep {
  words: string;
  amountExVatPence: number;
}

/**
 * How a line's amount is made, for its first month (a one-off: its whole amount): the quantity at the unit price in force, then the multi-line discount as
 * the lines it takes off and the amount off each, then the staff discount as the amount it takes off. The steps add up to the line's amount in priceQuote to
 * the penny, so a reader who multiplies and subtracts what is shown gets the figure charged.
 */
export function quoteLineWorking(line: QuoteLine, start: string): QuoteLineStep[] {
  const price = line.charge === "one_off" ? line.unitPriceExVatPence : priceInForce(line.unitPriceExVatPence, sortedPriceRises(line.priceRises), start);
  const full = price * line.quantity;
  const steps: QuoteLineStep[] = [{ words: `${line.quantity} x ${formatPounds(price)}`, amountExVatPence: full }];
  let amount = full;
  const team = line.charge === "monthly" ? teamPriceFor(price, line.multiLineDiscount, line.quantity) : full;
  if (team < full && line.multiLineDiscount) {
    const { fromLine, percent } = line.multiLineDiscount;
    const discounted = line.quantity - Math.max(0, fromLine - 1);
    const which = discounted === 1 ? `line ${line.quantity}` : `lines ${line.quantity - discounted + 1}-${line.quantity}`;
    steps.push({ words: `${percent}% off ${which} (${discounted} x ${formatPounds((full - team) / discounted)})`, amountExVatPence: team - full });
    amount = team;
  }
  if (line.discount) {
    const after = afterDiscount(amount, line.discount);
    if (after !== amount) steps.push({ words: `${line.discount.reason}: ${discountWords(line.discount)}`, amountExVatPence: after - amount });
  }
  return steps;
}

function discountWords(discount: QuoteLineDiscount): string {
  return discount.kind === "percent" ? `${discount.percent}% off` : `${formatPounds(discount.amountExVatPence)} off`;
}

/** A monthly line's price rises that fall within its term after its first month, each as the team's new monthly figure after the line's discount. */
export function quoteLinePriceRises(line: QuoteLine, start: string): TeamPriceRise[] {
  if (line.charge !== "monthly") return [];
  const starts = monthStartsFrom(start, line.termMonths ?? 1);
  const lastMonthStart = starts[(line.termMonths ?? 1) - 1]!;
  return teamPriceRises(line, line.quantity, (team) => afterDiscount(team, line.discount)).filter((rise) => rise.from > start && rise.from <= lastMonthStart);
}
