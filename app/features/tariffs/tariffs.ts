import { addDays } from "~/lib/calendar";
/** The catalogue's lists and shapes, read by the staff screen, CSV, comparison, JSON routes and lead snapshot. Money is pence ex VAT (DESIGN.md, Money). */

export const TARIFF_NETWORKS = ["EE", "O2", "Vodafone", "Three"] as const;
export type TariffNetwork = (typeof TARIFF_NETWORKS)[number];

/** Grows to broadband and phone systems later; the database keeps no CHECK on it for that reason. */
export const TARIFF_SERVICE_TYPES = ["sim_only", "handset", "data_only"] as const;
export type TariffServiceType = (typeof TARIFF_SERVICE_TYPES)[number];

export const TARIFF_SERVICE_TYPE_LABELS: Record<TariffServiceType, string> = {
  sim_only: "SIM only",
  handset: "Handset",
  data_only: "Data only",
};

/** A slug: lower-case letters and digits in words joined by single hyphens, e.g. "ee-business-30gb-24". */
export const TARIFF_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TARIFF_SLUG_MAX_LENGTH = 80;

/** Whether a text could be a tariff's slug at all (anything else names no tariff, and is never sent to the database). */
export function isTariffSlug(text: string): boolean {
  return text.length <= TARIFF_SLUG_MAX_LENGTH && TARIFF_SLUG_PATTERN.test(text);
}

/** How the public pages and the lead's deal label a shipped sample tariff's prices until staff edit or replace it. */
export const SAMPLE_PRICES_LABEL = "Illustrative prices";

/** A tariff whose prices were checked more than this many days ago is marked stale to staff (list, dashboard): networks reprice about quarterly. */
export const TARIFF_STALE_DAYS = 90;

/** Only live tariffs are shown to visitors or can be chosen; withdrawn ones stay for the leads that chose them. */
export const TARIFF_STATUSES = ["draft", "live", "withdrawn"] as const;
export type TariffStatus = (typeof TARIFF_STATUSES)[number];

export const TARIFF_STATUS_LABELS: Record<TariffStatus, string> = {
  draft: "Draft",
  live: "Live",
  withdrawn: "Withdrawn",
};

export const TARIFF_TERMS = [1, 12, 24, 36] as const;
export type TariffTerm = (typeof TARIFF_TERMS)[number];

/** How many lines a visitor can price at once, and the comparison's default. */
export const TARIFF_LINES = { min: 1, max: 50, default: 1 } as const;

/**
 * The comparison's orders: the lowest average monthly cost over the term (the default: the whole contract over its months, so a 1-month rolling deal and a
 * 24-month contract compare fairly), the lowest whole-contract cost (only among deals of one term: offered once a term is chosen), most data.
 */
export const TARIFF_SORTS = ["average-monthly", "contract-total", "data"] as const;
export type TariffSort = (typeof TARIFF_SORTS)[number];
export const DEFAULT_TARIFF_SORT: TariffSort = "average-monthly";

/** Sorts that compare only deals of one term: asked for without a term, they are refused (the API) or dropped (the page). */
export const SORTS_NEEDING_A_TERM: readonly TariffSort[] = ["contract-total"];

/** Old links' sorts, read as today's: "team-monthly" (the first month's price, which put 1-month rolling deals first) is now the average over the term. */
export const FORMER_TARIFF_SORTS: Readonly<Record<string, TariffSort>> = { "team-monthly": "average-monthly" };

export const TARIFF_SORT_LABELS: Record<TariffSort, string> = {
  "average-monthly": "Lowest average monthly cost",
  "contract-total": "Lowest whole-contract cost",
  data: "Most data",
};

/** The comparison's plan types, worked out from the allowances: a data-only SIM has no minutes and no texts (or is entered as the data-only service). */
export const TARIFF_PLAN_TYPES = ["voice-and-data", "data-only"] as const;
export type TariffPlanType = (typeof TARIFF_PLAN_TYPES)[number];

export const TARIFF_PLAN_TYPE_LABELS: Record<TariffPlanType, string> = {
  "voice-and-data": "Voice and data",
  "data-only": "Data only",
};

export function tariffPlanType(tariff: Pick<TariffInput, "minutes" | "texts" | "serviceType">): TariffPlanType {
  return tariff.serviceType === "data_only" || (tariff.minutes === 0 && tariff.texts === 0) ? "data-only" : "voice-and-data";
}

/** A dated price, in pounds and pence as Ofcom requires since January 2025 (never a percentage). */
export interface PriceRise {
  /** YYYY-MM-DD: the price applies to every month starting on or after this day. */
  from: string;
  monthlyPriceExVatPence: number;
}

export interface EuRoaming {
  included: boolean;
  /** The fair-use limit in GB while roaming, when included; null for none stated. */
  fairUseGb: number | null;
  /** The charge per day used, when not included; null for none stated. */
  dailyChargePence: number | null;
}

/** `percent` off each line numbered `fromLine` or above (e.g. 10 % off each line from the 2nd). */
export interface MultiLineDiscount {
  fromLine: number;
  percent: number;
}

/** What the price calculation needs of a tariff (app/features/tariffs/tariff-prices.ts). */
export interface TariffPriceTerms {
  monthlyPriceExVatPence: number;
  upfrontCostExVatPence: number;
  termMonths: number;
  priceRises: readonly PriceRise[];
  multiLineDiscount: MultiLineDiscount | null;
}

/** A tariff as staff write it (the admin JSON body, the dialog, one CSV row). */
export interface TariffInput extends TariffPriceTerms {
  slug: string;
  network: TariffNetwork;
  name: string;
  serviceType: TariffServiceType;
  status: TariffStatus;
  termMonths: TariffTerm;
  /** null: unlimited. */
  dataGb: number | null;
  /** null: unlimited. */
  minutes: number | null;
  /** null: unlimited. */
  texts: number | null;
  fiveG: boolean;
  euRoaming: EuRoaming;
  wifiCalling: boolean;
  businessExtras: string[];
  minLines: number;
  maxLines: number;
  /** Where staff read the prices, and the day they did. */
  sourceUrl: string | null;
  /** YYYY-MM-DD. */
  checkedOn: string;
}

/** A stored tariff. */
export interface Tariff extends TariffInput {
  /** Shipped illustrative prices ("Illustrative prices" publicly) until staff edit or replace it. */
  isSample: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A tariff offered to a visitor, with its figures for their team; kept on the lead as a TariffSnapshot, so catalogue edits never change what they saw. */
export interface TariffOffer extends Pick<
  Tariff,
  | "slug"
  | "network"
  | "name"
  | "serviceType"
  | "dataGb"
  | "minutes"
  | "texts"
  | "fiveG"
  | "euRoaming"
  | "wifiCalling"
  | "businessExtras"
  | "monthlyPriceExVatPence"
  | "upfrontCostExVatPence"
  | "multiLineDiscount"
  | "checkedOn"
  | "isSample"
> {
  /** Kept as a plain number: a snapshot outlives the catalogue's list of terms. */
  termMonths: number;
  priceRises: PriceRise[];
  /** The lines priced and the first month's start (YYYY-MM-DD, UK). */
  lines: number;
  start: string;
  linePriceExVatPence: number;
  teamMonthlyExVatPence: number;
  contractTotalExVatPence: number;
  effectiveMonthlyExVatPence: number;
}

/** The lead's chosen tariff and its shortlist: an offer and when the visitor chose it (ISO-8601 UTC). */
export interface TariffSnapshot extends TariffOffer {
  takenAt: string;
}

/** The staff list's filters: each left out matches every tariff. */
export interface TariffListFilters {
  /** Part of the name, slug or network, any case. */
  search?: string;
  network?: TariffNetwork;
  status?: TariffStatus;
  serviceType?: TariffServiceType;
  /** Only the tariffs whose prices were checked more than TARIFF_STALE_DAYS ago (true), or only the others (false). */
  stale?: boolean;
}

/** A tariff in the staff list: stale when its prices were checked more than TARIFF_STALE_DAYS ago. */
export interface TariffListEntry extends Tariff {
  stale: boolean;
}

/** The first day (YYYY-MM-DD) whose price check is still fresh, `staleDays` calendar days before `today`: a tariff checked before it is stale. */
export function freshSince(today: string, staleDays: number): string {
  return addDays(today, -staleDays);
}
