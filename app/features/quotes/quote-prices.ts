import { divideRoundingHalfUp, monthStartsFrom, priceInForce, sortedPriceRises, teamPriceFor, vatOn, withVat } from "~/features/tariffs";
import type { QuoteLine, QuoteLineDiscount, QuoteTotals } from "./quotes";

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
