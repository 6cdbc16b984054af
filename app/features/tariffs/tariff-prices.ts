import type { MultiLineDiscount, PriceRise, TariffPriceTerms } from "./tariffs";
import { addCalendarMonths, formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";

/**
 * The one price calculation (DESIGN.md, Money): the comparison, the JSON, the lead's snapshot, its emails and quotes all price a tariff here, in integer pence,
 * so a figure is the same wherever it is shown.
 *
 * For N lines from a start day S: month m (1..term) starts on S plus m-1 calendar months; a line's price that month is the last price rise in force on that
 * day, else the base price; a multi-line discount takes its percent off each line numbered `fromLine` or above, the discounted price rounded half up to the
 * penny. Team monthly is the N lines in month 1; the contract total is N x upfront plus the team's price every month; the effective monthly is that total over
 * the term, rounded half up.
 */

export const VAT_PERCENT = 20;

/** numerator / divisor rounded half up, for non-negative integers (no floating point on the way). */
export function divideRoundingHalfUp(numerator: number, divisor: number): number {
  return Math.floor((2 * numerator + divisor) / (2 * divisor));
}

/** 20 % of a figure ex VAT, rounded half up to the penny. */
export function vatOn(exVatPence: number): number {
  return divideRoundingHalfUp(exVatPence * VAT_PERCENT, 100);
}

/** A figure inc VAT: VAT is applied to the figure shown, never summed from rounded parts. */
export function withVat(exVatPence: number): number {
  return exVatPence + vatOn(exVatPence);
}

/** The price rises in date order. */
export function sortedPriceRises(priceRises: readonly PriceRise[]): PriceRise[] {
  return [...priceRises].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

export function priceInForce(basePrice: number, risesInOrder: readonly PriceRise[], monthStart: string): number {
  let price = basePrice;
  for (const rise of risesInOrder) if (rise.from <= monthStart) price = rise.monthlyPriceExVatPence;
  return price;
}

/** A line's price after the multi-line discount, for line number `lineNumber` (1-based). */
export function discountedLinePrice(price: number, discount: MultiLineDiscount | null, lineNumber: number): number {
  if (!discount || lineNumber < discount.fromLine) return price;
  const hundredthsOfPercent = Math.round(discount.percent * 100);
  return divideRoundingHalfUp(price * (10_000 - hundredthsOfPercent), 10_000);
}

/** The team's price for a month: the lines before the discount starts at full price, the rest discounted. */
export function teamPriceFor(price: number, discount: MultiLineDiscount | null, lines: number): number {
  if (!discount || discount.fromLine > lines) return price * lines;
  const fullPriceLines = Math.max(0, discount.fromLine - 1);
  return price * fullPriceLines + discountedLinePrice(price, discount, discount.fromLine) * (lines - fullPriceLines);
}

export interface TariffPricing {
  lines: number;
  /** The first month's start, YYYY-MM-DD. */
  start: string;
  /** Line 1's price in month 1. */
  linePriceExVatPence: number;
  teamMonthlyExVatPence: number;
  contractTotalExVatPence: number;
  effectiveMonthlyExVatPence: number;
}

export interface PricingRequest {
  lines: number;
  /** YYYY-MM-DD, the first month's start (the UK's today unless the visitor chose one). */
  start: string;
}

/** The longest term priced (36 months), and how many start days' month starts are kept. */
const MONTHS_KEPT = 36;
const STARTS_KEPT = 32;
const monthStarts = new Map<string, string[]>();

/** The first day of each month of a contract from `start`: a comparison prices thousands of tariffs from one start day, so they are worked out once. */
export function monthStartsFrom(start: string, months: number): readonly string[] {
  let starts = monthStarts.get(start);
  if (!starts || starts.length < months) {
    starts = Array.from({ length: Math.max(months, MONTHS_KEPT) }, (_, index) => addCalendarMonths(start, index));
    monthStarts.set(start, starts);
    if (monthStarts.size > STARTS_KEPT) monthStarts.delete(monthStarts.keys().next().value!);
  }
  return starts;
}

/** Every figure for `lines` lines of a tariff from `start`. */
export function priceTariff(terms: TariffPriceTerms, { lines, start }: PricingRequest): TariffPricing {
  const rises = terms.priceRises.length > 1 ? sortedPriceRises(terms.priceRises) : terms.priceRises;
  const starts = monthStartsFrom(start, terms.termMonths);
  let contractTotal = lines * terms.upfrontCostExVatPence;
  let teamMonthly = 0;
  let linePrice = 0;
  for (let month = 1; month <= terms.termMonths; month++) {
    const price = priceInForce(terms.monthlyPriceExVatPence, rises, starts[month - 1]!);
    const teamPrice = teamPriceFor(price, terms.multiLineDiscount, lines);
    if (month === 1) {
      teamMonthly = teamPrice;
      linePrice = price;
    }
    contractTotal += teamPrice;
  }
  return {
    lines,
    start,
    linePriceExVatPence: linePrice,
    teamMonthlyExVatPence: teamMonthly,
    contractTotalExVatPence: contractTotal,
    effectiveMonthlyExVatPence: divideRoundingHalfUp(contractTotal, terms.termMonths),
  };
}

/** A price rise as the team pays it: the month's figure for all its lines (with the multi-line discount, and any further discount a quote gives). */
export interface TeamPriceRise {
  /** YYYY-MM-DD. */
  from: string;
  lines: number;
  linePriceExVatPence: number;
  teamMonthlyExVatPence: number;
}

/** Each rise of a tariff for `lines` lines, as the team's new monthly figure; `afterDiscount` takes a quote line's own discount off the team's figure. */
export function teamPriceRises(
  terms: Pick<TariffPriceTerms, "priceRises" | "multiLineDiscount">,
  lines: number,
  afterDiscount: (teamPence: number) => number = (teamPence) => teamPence,
): TeamPriceRise[] {
  return sortedPriceRises(terms.priceRises).map((rise) => ({
    from: rise.from,
    lines,
    linePriceExVatPence: rise.monthlyPriceExVatPence,
    teamMonthlyExVatPence: afterDiscount(teamPriceFor(rise.monthlyPriceExVatPence, terms.multiLineDiscount, lines)),
  }));
}

/** "From 1 Apr 2027: £75.23 a month for your 7 lines (£11.75 a line)", ex VAT: a rise read as what the team will pay, never a bare per-line figure. */
export function describeTeamPriceRise(rise: TeamPriceRise): string {
  const team = `${formatPounds(rise.teamMonthlyExVatPence)} a month`;
  if (rise.lines === 1) return `From ${formatCalendarDay(rise.from)}: ${team} for your line`;
  return `From ${formatCalendarDay(rise.from)}: ${team} for your ${rise.lines} lines (${formatPounds(rise.linePriceExVatPence)} a line)`;
}

/** The price-rise schedule in words, per line ex VAT: ["£14.00 from 1 Apr 2027", ...]. */
export function describePriceRises(priceRises: readonly PriceRise[]): string[] {
  return sortedPriceRises(priceRises).map((rise) => `${formatPounds(rise.monthlyPriceExVatPence)} from ${formatCalendarDay(rise.from)}`);
}
