import type { FieldErrors } from "~/lib/form-submission";
import type { TariffComparisonQuery } from "./tariff-comparison";
import { TARIFF_PLAN_TYPE_LABELS, type EuRoaming, type MultiLineDiscount, type TariffOffer } from "./tariffs";
import { formatCount, formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** How the comparison on `/business-mobile#deals` puts a deal and its own state into words: allowances, the filters, and why a comparison is empty. */

/** The comparison's page: the Sources report counts the visits that reach it. */
export const COMPARISON_PATH = "/business-mobile";

/** The comparison page's URL with its query (normalised) and `extra` parameters. */
export function comparisonHref(search: string, extra = ""): string {
  const query = [search, extra].filter(Boolean).join("&");
  return `${COMPARISON_PATH}${query ? `?${query}` : ""}`;
}

/**
 * Where "Get this deal" lands: the quote wizard's card (its question), not the section's introduction, which on a phone comes first. The wizard gives its card
 * this id (app/features/wizard/quote-wizard.tsx).
 */
export const QUOTE_STEP_ANCHOR = "quote-step";

/** The minimum-data choices the form offers (GB): the only amounts the comparison takes (each is a pricing of its own). */
export const COMPARISON_DATA_CHOICES = [1, 5, 10, 30, 50, 100] as const;

/**
 * Deals the page adds at a time ("Show more deals"), and the furthest `offset` it goes to: the page shows at most 200 deals (its HTML grows with each), beyond
 * which narrowing the choices (or `GET /api/tariffs`) reaches the rest.
 */
export const DEALS_PAGE = { size: 20, maxOffset: 180 } as const;

export function describeData(dataGb: number | null): string {
  return dataGb === null ? "Unlimited data" : `${formatCount(dataGb)}GB data`;
}

export function describeAllowance(amount: number | null, unit: "minutes" | "texts"): string {
  return amount === null ? `Unlimited ${unit}` : `${formatCount(amount)} ${unit}`;
}

export function describeEuRoaming(roaming: EuRoaming): string {
  if (roaming.included) return roaming.fairUseGb === null ? "EU roaming included" : `EU roaming included (${roaming.fairUseGb}GB fair use)`;
  return roaming.dailyChargePence === null ? "No EU roaming included" : `EU roaming ${formatPounds(roaming.dailyChargePence)} a day`;
}

function ordinal(number: number): string {
  const tens = number % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][number % 10] ?? "th");
  return `${number}${suffix}`;
}

export function describeDiscount(discount: MultiLineDiscount | null): string | null {
  return discount ? `${discount.percent}% off each line from the ${ordinal(discount.fromLine)}` : null;
}

export function describeTerm(termMonths: number): string {
  return termMonths === 1 ? "1-month rolling" : `${termMonths}-month contract`;
}

export function describeLines(lines: number): string {
  return countOf(lines, "line");
}

/** The filters a visitor can take off, in words ("EE only"), for an empty comparison. */
export type ComparisonFilter = "network" | "minDataGb" | "term" | "planType" | "fiveG" | "euRoaming";

/** The filters in the order the form shows them: "Filters (N)" counts those set. */
export const COMPARISON_FILTERS: readonly ComparisonFilter[] = ["network", "minDataGb", "term", "planType", "fiveG", "euRoaming"];

export function countFiltersSet(query: TariffComparisonQuery): number {
  return COMPARISON_FILTERS.filter((filter) => query[filter] !== null && query[filter] !== false).length;
}

export function describeFilter(filter: ComparisonFilter, query: TariffComparisonQuery): string {
  switch (filter) {
    case "network":
      return `${query.network} only`;
    case "minDataGb":
      return `at least ${query.minDataGb}GB of data`;
    case "term":
      return `a ${query.term}-month term`;
    case "planType":
      return `${query.planType ? TARIFF_PLAN_TYPE_LABELS[query.planType].toLowerCase() : "any"} plans`;
    case "fiveG":
      return "5G";
    case "euRoaming":
      return "EU roaming included";
  }
}

/** Why a comparison shows nothing: an empty catalogue, one filter, the filters together, or the team's size. */
export type EmptyComparisonReason = { kind: "catalogue" } | { kind: "filter"; filter: ComparisonFilter } | { kind: "filters" } | { kind: "lines" };

export function emptyComparisonMessage(reason: EmptyComparisonReason, query: TariffComparisonQuery): string {
  switch (reason.kind) {
    case "catalogue":
      return "Our deals are being added and prices are coming soon. Tell us about your team and an expert will send you a quote within 24 hours.";
    case "filter":
      return `No deal fits with ${describeFilter(reason.filter, query)}. Take that choice off to see the deals that do, or ask us for a quote.`;
    case "filters":
      return "No deal fits all of your choices together. Take one or two off to see more deals, or ask us for a quote.";
    case "lines":
      return `No deal in the comparison covers ${describeLines(query.lines)}. An expert can still quote for your whole team.`;
  }
}

/** What the page's loader gives the comparison (plain data). */
export interface DealsComparison {
  query: TariffComparisonQuery;
  /** The UK's today: the default start, left out of links. */
  today: string;
  /** Whether the visitor chose the lines (in the URL); else the wizard's team size may suggest them. */
  linesChosen: boolean;
  /** The comparison as a normalised query string (no `tariff`), for the links that keep it. */
  search: string;
  /** Values of the URL that could not be used, with why (each was dropped to its default). */
  dropped: FieldErrors;
  /** The deals shown: the first `offset` + DEALS_PAGE.size ("Show more deals" adds a page at a time). */
  offers: TariffOffer[];
  /** The deals "Show more deals" last added start here (0: the first page only). */
  offset: number;
  /** The slug of the first deal not shown yet (where "Show more deals" lands), or null when every deal is shown. */
  nextSlug: string | null;
  total: number;
  /** When nothing fits: why, and the query string without the filter to blame (when one is). */
  empty: { message: string; relaxedSearch: string | null } | null;
  /** When the visitor asked for too many new comparisons to be shown this one now: what to tell them. */
  limited: string | null;
}
