import { describeLines, describeTerm } from "./tariff-deal-words";
import { describeTeamPriceRise, teamPriceRises, withVat } from "./tariff-prices";
import { SAMPLE_PRICES_LABEL, type TariffOffer } from "./tariffs";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";

/** A lead's deal in words, alike in the wizard, thank-you step, lead details, email and CSV: figures are the snapshot's, never priced again. */

/** "EE Business SIM 30GB". */
export function dealName(deal: Pick<TariffOffer, "network" | "name">): string {
  return `${deal.network} ${deal.name}`;
}

/** "£33.60 a month ex VAT (£40.32 inc VAT)": the team's first month. */
export function teamMonthlyText(deal: Pick<TariffOffer, "teamMonthlyExVatPence">): string {
  return `${formatPounds(deal.teamMonthlyExVatPence)} a month ex VAT (${formatPounds(withVat(deal.teamMonthlyExVatPence))} inc VAT)`;
}

/** "Your chosen deal: EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT". */
export function chosenDealText(deal: TariffOffer): string {
  return `Your chosen deal: ${dealName(deal)}, ${describeLines(deal.lines)}, ${formatPounds(deal.teamMonthlyExVatPence)} a month ex VAT`;
}

/** The deal's rises as its team will pay them: "From 1 Apr 2027: £75.23 a month for your 7 lines (£11.75 a line)". */
export function dealPriceRises(deal: Pick<TariffOffer, "priceRises" | "multiLineDiscount" | "lines">): string[] {
  return teamPriceRises(deal, deal.lines).map(describeTeamPriceRise);
}

/** Every fact staff need of a deal, as label and value (the email and the details panel). */
export function dealFacts(deal: TariffOffer): Array<[label: string, value: string]> {
  const rises = dealPriceRises(deal);
  return [
    ["Deal", `${dealName(deal)}, ${describeLines(deal.lines)}, ${teamMonthlyText(deal)}`],
    ["Term", describeTerm(deal.termMonths)],
    ["Contract total", `${formatPounds(deal.contractTotalExVatPence)} ex VAT (${formatPounds(withVat(deal.contractTotalExVatPence))} inc VAT)`],
    ["Price rises", rises.length > 0 ? `${rises.join("; ")} (ex VAT)` : "None"],
    ["Prices checked on", `${formatCalendarDay(deal.checkedOn)}${deal.isSample ? ` (sample: ${SAMPLE_PRICES_LABEL.toLowerCase()})` : ""}`],
  ];
}
