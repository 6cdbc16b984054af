import { priceTariff, type TariffPricing } from "./tariff-prices";
import {
  tariffPlanType,
  type Tariff,
  type TariffNetwork,
  type TariffOffer,
  type TariffPlanType,
  type TariffSnapshot,
  type TariffSort,
  type TariffTerm,
} from "./tariffs";

/** What the visitor asks the comparison (the `/business-mobile#deals` form and `GET /api/tariffs`), parsed. */
export interface TariffComparisonQuery {
  lines: number;
  network: TariffNetwork | null;
  /** null: any amount of data. */
  minDataGb: number | null;
  term: TariffTerm | null;
  /** null: any plan type. */
  planType: TariffPlanType | null;
  fiveG: boolean;
  euRoaming: boolean;
  sort: TariffSort;
  /** YYYY-MM-DD, the first month's start. */
  start: string;
}

/**
 * New comparisons (not kept: each prices the whole catalogue) a client may ask per rate-limit window, for each public post RATE_LIMIT_MAX allows it: 60 a
 * minute, more than a visitor trying every filter, and raised with it for benchmarks and tests. Kept ones are answered whatever the count.
 */
export const NEW_COMPARISONS_PER_POST = 6;

export interface ComparedTariff {
  tariff: Tariff;
  pricing: TariffPricing;
}

/** The quote wizard's team sizes, in the order its step shows them; a comparison prices a team of each. */
export const TEAM_SIZES = ["1 - 2", "3 - 4", "5 - 9", "10+"] as const;

/** The lines a wizard answer stands for: the top of its range, so the team's price covers everyone the visitor said they have ("10+" is priced as 10). */
export const LINES_FOR_TEAM_SIZE: Record<(typeof TEAM_SIZES)[number], number> = {
  "1 - 2": 2,
  "3 - 4": 4,
  "5 - 9": 9,
  "10+": 10,
};

export function linesForTeamSize(teamSize: string | undefined): number | undefined {
  return teamSize && teamSize in LINES_FOR_TEAM_SIZE ? LINES_FOR_TEAM_SIZE[teamSize as keyof typeof LINES_FOR_TEAM_SIZE] : undefined;
}

/** The wizard's team size that covers `lines` (the deal chosen on the comparison answers its first question): 3 lines are "3 - 4", 12 are "10+". */
export function teamSizeForLines(lines: number): (typeof TEAM_SIZES)[number] {
  return TEAM_SIZES.find((size) => lines <= LINES_FOR_TEAM_SIZE[size]) ?? "10+";
}

/** Unlimited data counts as more than any amount. */
function dataAmount(tariff: Tariff): number {
  return tariff.dataGb ?? Number.POSITIVE_INFINITY;
}

function byNumber(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

const ORDERS: Record<TariffSort, (a: ComparedTariff, b: ComparedTariff) => number> = {
  "average-monthly": (a, b) =>
    byNumber(a.pricing.effectiveMonthlyExVatPence, b.pricing.effectiveMonthlyExVatPence) ||
    byNumber(a.pricing.teamMonthlyExVatPence, b.pricing.teamMonthlyExVatPence),
  "contract-total": (a, b) =>
    byNumber(a.pricing.contractTotalExVatPence, b.pricing.contractTotalExVatPence) ||
    byNumber(a.pricing.teamMonthlyExVatPence, b.pricing.teamMonthlyExVatPence),
  data: (a, b) => byNumber(dataAmount(b.tariff), dataAmount(a.tariff)) || byNumber(a.pricing.effectiveMonthlyExVatPence, b.pricing.effectiveMonthlyExVatPence),
};

/** Whether a tariff can be had for this many lines and meets every filter. */
export function tariffFits(tariff: Tariff, query: TariffComparisonQuery): boolean {
  return (
    tariff.status === "live" &&
    tariff.minLines <= query.lines &&
    query.lines <= tariff.maxLines &&
    (query.network === null || tariff.network === query.network) &&
    (query.minDataGb === null || dataAmount(tariff) >= query.minDataGb) &&
    (query.term === null || tariff.termMonths === query.term) &&
    (query.planType === null || tariffPlanType(tariff) === query.planType) &&
    (!query.fiveG || tariff.fiveG) &&
    (!query.euRoaming || tariff.euRoaming.included)
  );
}

/** The live tariffs that fit, priced for the team, in catalogue order for `inComparisonOrder` (the server prices a large catalogue a part at a time). */
export function priceFittingTariffs(tariffs: readonly Tariff[], query: TariffComparisonQuery): ComparedTariff[] {
  return tariffs.filter((tariff) => tariffFits(tariff, query)).map((tariff) => ({ tariff, pricing: priceTariff(tariff, query) }));
}

/** Priced tariffs put in the order asked for (ties by slug, so the order is stable), in place. */
export function inComparisonOrder(compared: ComparedTariff[], sort: TariffSort): ComparedTariff[] {
  const order = ORDERS[sort];
  return compared.sort((a, b) => order(a, b) || (a.tariff.slug < b.tariff.slug ? -1 : 1));
}

/** The comparison's filters a shortlist keeps (the visitor's term, data, plan type, 5G and roaming); the network is left out, so the shortlist offers a choice. */
export type ShortlistFilters = Pick<TariffComparisonQuery, "minDataGb" | "term" | "planType" | "fiveG" | "euRoaming">;

export const NO_SHORTLIST_FILTERS: ShortlistFilters = { minDataGb: null, term: null, planType: null, fiveG: false, euRoaming: false };

/**
 * Up to three deals for `lines` that meet `filters`: lowest effective monthly (the contract over its term, so terms compare fairly), one per network so there
 * is a choice.
 */
export function shortlistTariffs(
  tariffs: readonly Tariff[],
  lines: number,
  start: string,
  filters: ShortlistFilters = NO_SHORTLIST_FILTERS,
  size = 3,
): ComparedTariff[] {
  const query: TariffComparisonQuery = { ...filters, lines, start, network: null, sort: "average-monthly" };
  const fits = tariffs
    .filter((tariff) => tariffFits(tariff, query))
    .map((tariff) => ({ tariff, pricing: priceTariff(tariff, { lines, start }) }))
    .sort(
      (a, b) =>
        byNumber(a.pricing.effectiveMonthlyExVatPence, b.pricing.effectiveMonthlyExVatPence) ||
        (a.tariff.slug < b.tariff.slug ? -1 : a.tariff.slug > b.tariff.slug ? 1 : 0),
    );
  const shortlist: ComparedTariff[] = [];
  const networks = new Set<TariffNetwork>();
  for (const compared of fits) {
    if (networks.has(compared.tariff.network)) continue;
    networks.add(compared.tariff.network);
    shortlist.push(compared);
    if (shortlist.length === size) break;
  }
  return shortlist;
}

/** A priced tariff as a visitor sees it: plain data, for a page's props or the lead. */
export function tariffOffer({ tariff, pricing }: ComparedTariff): TariffOffer {
  return {
    slug: tariff.slug,
    network: tariff.network,
    name: tariff.name,
    serviceType: tariff.serviceType,
    termMonths: tariff.termMonths,
    dataGb: tariff.dataGb,
    minutes: tariff.minutes,
    texts: tariff.texts,
    fiveG: tariff.fiveG,
    euRoaming: tariff.euRoaming,
    wifiCalling: tariff.wifiCalling,
    businessExtras: tariff.businessExtras,
    monthlyPriceExVatPence: tariff.monthlyPriceExVatPence,
    upfrontCostExVatPence: tariff.upfrontCostExVatPence,
    priceRises: [...tariff.priceRises],
    multiLineDiscount: tariff.multiLineDiscount,
    checkedOn: tariff.checkedOn,
    isSample: tariff.isSample,
    ...pricing,
  };
}

/** What the visitor saw of a tariff, to keep on the lead (DESIGN.md, Tariffs and quotes). */
export function tariffSnapshot(offer: TariffOffer, takenAt: Date): TariffSnapshot {
  return { ...offer, takenAt: takenAt.toISOString() };
}
