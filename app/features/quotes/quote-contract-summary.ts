import type { QuoteContractSummary, QuoteLine } from "./quotes";
import { describeAllowance, describeData, describeEuRoaming, describeTeamPriceRise } from "~/features/tariffs";
import { priceQuote, quoteLinePriceRises } from "./quote-prices";
import type { TEAM_SIZES } from "~/features/tariffs";
import { countOf } from "~/lib/plural";

/** The team sizes of ten or fewer people, who are owed Ofcom's contract summary before a contract. */
const SMALL_BUSINESS_TEAM_SIZES: readonly (typeof TEAM_SIZES)[number][] = ["1 - 2", "3 - 4", "5 - 9"];

/** A term longer than this many months is warned about in the summary. */
export const LONG_TERM_MONTHS = 24;

export const CONTRACT_SUMMARY_WORDS = {
  freeLine: "As described",
  outOfBundle:
    "Anything outside the allowances above (calls to premium-rate or international numbers, roaming outside included zones) is charged at the network's standard business rates, sent on request.",
  howToLeave:
    "Tell us in writing at any time. If you leave before a term ends, the network may charge the monthly charges left to pay for that service; a 1-month rolling service ends with 30 days' notice.",
  longTermWarning: `A term here is longer than ${countOf(LONG_TERM_MONTHS, "month")}: small businesses may ask for a contract of ${countOf(LONG_TERM_MONTHS, "month")} or less, and leaving early may cost the charges left to pay.`,
} as const;

/**
 * Ofcom's contract summary for a business of ten or fewer: per monthly line, its first month from `start` for its whole quantity after discounts (the one
 * price module), its rises and what its tariff includes. Null for a larger business ("10+", or no team size known).
 */
export function quoteContractSummary(lines: readonly QuoteLine[], teamSize: string | null | undefined, start: string): QuoteContractSummary | null {
  if (!teamSize || !(SMALL_BUSINESS_TEAM_SIZES as readonly string[]).includes(teamSize)) return null;
  const monthly = lines.filter((line) => line.charge === "monthly");
  const services = monthly.map((line) => {
    const price = priceQuote([line], start);
    const tariff = line.tariff;
    return {
      description: line.description,
      termMonths: line.termMonths ?? 1,
      monthlyPriceExVatPence: price.monthlyExVatPence,
      monthlyPriceIncVatPence: price.monthlyIncVatPence,
      priceRises: quoteLinePriceRises(line, start).map(describeTeamPriceRise),
      allowances: tariff
        ? [
            describeData(tariff.dataGb),
            describeAllowance(tariff.minutes, "minutes"),
            describeAllowance(tariff.texts, "texts"),
            ...(tariff.fiveG ? ["5G"] : []),
          ].join(", ")
        : CONTRACT_SUMMARY_WORDS.freeLine,
      roaming: tariff ? describeEuRoaming(tariff.euRoaming) : CONTRACT_SUMMARY_WORDS.freeLine,
    };
  });
  return {
    services,
    outOfBundle: CONTRACT_SUMMARY_WORDS.outOfBundle,
    howToLeave: CONTRACT_SUMMARY_WORDS.howToLeave,
    longTermWarning: monthly.some((line) => (line.termMonths ?? 1) > LONG_TERM_MONTHS) ? CONTRACT_SUMMARY_WORDS.longTermWarning : null,
  };
}
