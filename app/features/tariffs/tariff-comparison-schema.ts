import { z } from "zod";
import type { FieldErrors } from "~/lib/form-submission";
import type { ShortlistFilters, TariffComparisonQuery } from "./tariff-comparison";
import { COMPARISON_DATA_CHOICES, DEALS_PAGE } from "./tariff-deal-words";
import {
  DEFAULT_TARIFF_SORT,
  FORMER_TARIFF_SORTS,
  isTariffSlug,
  SORTS_NEEDING_A_TERM,
  TARIFF_LINES,
  TARIFF_NETWORKS,
  TARIFF_PLAN_TYPE_LABELS,
  TARIFF_PLAN_TYPES,
  TARIFF_SORTS,
  TARIFF_TERMS,
  type TariffNetwork,
  type TariffPlanType,
  type TariffTerm,
} from "./tariffs";
import { addCalendarMonths, isCalendarDay, ukDay } from "~/lib/calendar";
import { formatCount } from "~/lib/money";

/** The comparison's query: one schema, so the page, `GET /api/tariffs` and the page cache's key read a URL alike. Empty is the default (a form's "Any"). */

/** How far ahead a visitor may price from: today to a year on (the rises staff enter are within that). */
export const COMPARISON_START_MONTHS_AHEAD = 12;

/** `GET /api/tariffs`'s page of results: `limit` per answer (default, most) and the furthest `offset`. */
export const TARIFF_API_PAGE = { defaultLimit: 50, maxLimit: 100, maxOffset: 100_000 } as const;

/**
 * The comparison's parameters, in the order a normalised query writes them. `tariff` and `offset` are the page's own: the deal chosen, and how many deals
 * "Show more deals" has added (the page shows the first `offset` + DEALS_PAGE.size; `GET /api/tariffs` reads `offset` as the tariffs to skip).
 */
export const COMPARISON_PARAMETERS = ["lines", "network", "minDataGb", "term", "planType", "fiveG", "euRoaming", "sort", "start", "tariff", "offset"] as const;

/** The visitor's comparison, the deal they chose from it (a slug, checked against the catalogue later), and the deals shown before the last page. */
export interface ComparisonRequest {
  query: TariffComparisonQuery;
  tariff: string | null;
  offset: number;
}

/** Why a sort cannot be used with the rest of the query (a whole-contract cost compares only deals of one term), or undefined. */
export function sortConflict(query: Pick<TariffComparisonQuery, "sort" | "term">): string | undefined {
  return SORTS_NEEDING_A_TERM.includes(query.sort) && query.term === null
    ? "Choose a contract term to sort by whole-contract cost: it compares deals of the same term"
    : undefined;
}

const WHOLE_NUMBER = /^\d{1,6}$/;

const wholeNumberIn = (min: number, max: number) => (text: string) => {
  const number = WHOLE_NUMBER.test(text) ? Number(text) : NaN;
  return number >= min && number <= max ? number : undefined;
};

/** "1GB, 5GB or 10GB". */
const listInWords = (items: readonly string[]) => `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

const value = <T>(read: (text: string) => T | undefined, message: string, fallback: T) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      const trimmed = text?.trim() ?? "";
      if (trimmed === "") return fallback;
      const parsed = read(trimmed);
      if (parsed === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return parsed;
    });

const oneOf = <T extends string | number>(list: readonly T[], text: string): T | undefined => list.find((entry) => String(entry) === text);

const flag = (label: string) =>
  value((text) => (text === "1" || text === "true" ? true : text === "0" || text === "false" ? false : undefined), `${label} must be 1 or left out`, false);

let schemaOfTheDay: { today: string; schema: ReturnType<typeof makeComparisonSchema> } | undefined;

/** The comparison's schema for a given UK day (the start date defaults to it and may not be before it). */
export function comparisonSchema(today: string) {
  if (schemaOfTheDay?.today !== today) schemaOfTheDay = { today, schema: makeComparisonSchema(today) };
  return schemaOfTheDay.schema;
}

function makeComparisonSchema(today: string) {
  const lastStart = addCalendarMonths(today, COMPARISON_START_MONTHS_AHEAD);
  return z.object({
    lines: value(
      wholeNumberIn(TARIFF_LINES.min, TARIFF_LINES.max),
      `Choose between ${TARIFF_LINES.min} and ${TARIFF_LINES.max} lines`,
      TARIFF_LINES.default as number,
    ),
    network: value((text) => oneOf(TARIFF_NETWORKS, text), `Choose a network: ${TARIFF_NETWORKS.join(", ")}`, null as TariffNetwork | null),
    // Only the form's own steps (and 0, any amount): every other amount would be a comparison of its own to price.
    minDataGb: value(
      (text) => {
        const amount = WHOLE_NUMBER.test(text) ? Number(text) : NaN;
        return amount === 0 || (COMPARISON_DATA_CHOICES as readonly number[]).includes(amount) ? amount : undefined;
      },
      `Choose a minimum of ${listInWords(COMPARISON_DATA_CHOICES.map((gb) => `${gb}GB`))}, or any amount`,
      null as number | null,
    ).transform((amount) => (amount === 0 ? null : amount)),
    term: value(
      (text) => oneOf<number>(TARIFF_TERMS, text) as TariffTerm | undefined,
      `Choose a term of ${TARIFF_TERMS.join(", ")} months`,
      null as TariffTerm | null,
    ),
    planType: value(
      (text) => oneOf(TARIFF_PLAN_TYPES, text),
      `Choose a plan type: ${listInWords(TARIFF_PLAN_TYPES.map((type) => `${type} (${TARIFF_PLAN_TYPE_LABELS[type].toLowerCase()})`))}`,
      null as TariffPlanType | null,
    ),
    fiveG: flag("5G"),
    euRoaming: flag("EU roaming"),
    sort: value((text) => oneOf(TARIFF_SORTS, text) ?? FORMER_TARIFF_SORTS[text], `Sort by ${listInWords(TARIFF_SORTS)}`, DEFAULT_TARIFF_SORT),
    start: value(
      (text) => (isCalendarDay(text) && text >= today && text <= lastStart ? text : undefined),
      `Choose a start date from today to ${COMPARISON_START_MONTHS_AHEAD} months ahead, as YYYY-MM-DD`,
      today,
    ),
    tariff: value((text) => (isTariffSlug(text) ? text : undefined), "Choose a deal from the comparison", null as string | null),
    // In steps of a page, so "Show more deals" makes a few addresses per comparison, not one per number.
    offset: value(
      (text) => {
        const offset = wholeNumberIn(0, DEALS_PAGE.maxOffset)(text);
        return offset !== undefined && offset % DEALS_PAGE.size === 0 ? offset : undefined;
      },
      `Show more deals ${DEALS_PAGE.size} at a time, up to ${formatCount(DEALS_PAGE.maxOffset + DEALS_PAGE.size)}`,
      0,
    ),
  });
}

/** `limit` and `offset` of `GET /api/tariffs`. */
export const tariffApiPageSchema = z.object({
  limit: value(
    wholeNumberIn(1, TARIFF_API_PAGE.maxLimit),
    `Ask for 1 to ${TARIFF_API_PAGE.maxLimit} tariffs at a time`,
    TARIFF_API_PAGE.defaultLimit as number,
  ),
  offset: value(wholeNumberIn(0, TARIFF_API_PAGE.maxOffset), `Start from an offset of 0 to ${formatCount(TARIFF_API_PAGE.maxOffset)}`, 0),
});

/** The UK's today, the comparison's default start. */
export function comparisonToday(now = new Date()): string {
  return ukDay(now);
}

/** The URL's values of the named parameters; a parameter given twice is an error of its own. */
function singleValues(params: URLSearchParams, names: readonly string[]): { values: Record<string, string>; repeated: FieldErrors } {
  const values: Record<string, string> = {};
  const repeated: FieldErrors = {};
  for (const name of names) {
    const all = params.getAll(name);
    if (all.length > 1) repeated[name] = `Give ${name} once`;
    else if (all.length === 1) values[name] = all[0]!;
  }
  return { values, repeated };
}

function toRequest({ tariff, offset, ...query }: z.infer<ReturnType<typeof comparisonSchema>>): ComparisonRequest {
  return { query, tariff, offset };
}

export type StrictComparison =
  { success: true; request: ComparisonRequest; page: z.infer<typeof tariffApiPageSchema> } | { success: false; fieldErrors: FieldErrors };

/** For `GET /api/tariffs`: every parameter valid, or every bad one named. Other parameters are ignored. */
export function parseComparisonStrictly(params: URLSearchParams, today = comparisonToday()): StrictComparison {
  const { values, repeated } = singleValues(params, [...COMPARISON_PARAMETERS, "limit"]);
  // `offset` here is the API's page (tariffApiPageSchema), not the page's "Show more deals".
  const comparison = comparisonSchema(today).safeParse({ ...values, offset: undefined });
  const page = tariffApiPageSchema.safeParse(values);
  const fieldErrors: FieldErrors = {};
  for (const issue of [...(comparison.error?.issues ?? []), ...(page.error?.issues ?? [])]) fieldErrors[String(issue.path[0])] ??= issue.message;
  const conflict = comparison.success ? sortConflict(comparison.data) : undefined;
  if (conflict) fieldErrors.sort ??= conflict;
  Object.assign(fieldErrors, repeated);
  if (!comparison.success || !page.success || Object.keys(fieldErrors).length > 0) return { success: false, fieldErrors };
  return { success: true, request: toRequest(comparison.data), page: page.data };
}

/** For the page: each bad value is dropped to its default, and `dropped` says why (the form shows it). */
export function parseComparisonLeniently(params: URLSearchParams, today = comparisonToday()): { request: ComparisonRequest; dropped: FieldErrors } {
  const { values, repeated } = singleValues(params, COMPARISON_PARAMETERS);
  const schema = comparisonSchema(today);
  const dropped: FieldErrors = { ...repeated };
  const parsed: Record<string, unknown> = {};
  for (const name of COMPARISON_PARAMETERS) {
    const field = schema.shape[name].safeParse(values[name]);
    // A bad value is read as left out: its default (never itself an error).
    parsed[name] = field.success ? field.data : schema.shape[name].parse(undefined);
    if (!field.success) dropped[name] = field.error.issues[0]!.message;
  }
  const conflict = sortConflict(parsed as Pick<TariffComparisonQuery, "sort" | "term">);
  if (conflict) {
    parsed.sort = DEFAULT_TARIFF_SORT;
    dropped.sort = conflict;
  }
  return { request: toRequest(parsed as z.infer<ReturnType<typeof comparisonSchema>>), dropped };
}

/** The filters a shortlist keeps from the comparison a deal was chosen from (its query string): a bad value is read as left out. */
export function shortlistFiltersFrom(search: string | undefined, today = comparisonToday()): ShortlistFilters {
  const { minDataGb, term, planType, fiveG, euRoaming } = parseComparisonLeniently(new URLSearchParams(search ?? ""), today).request.query;
  return { minDataGb, term, planType, fiveG, euRoaming };
}

/** A comparison as URL parameters in one order, defaults left out, so each comparison has one address (one copy in the page cache) and a link reproduces it. */
export function comparisonSearchParams({ query, tariff, offset }: ComparisonRequest, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (query.lines !== TARIFF_LINES.default) params.set("lines", String(query.lines));
  if (query.network) params.set("network", query.network);
  if (query.minDataGb !== null) params.set("minDataGb", String(query.minDataGb));
  if (query.term !== null) params.set("term", String(query.term));
  if (query.planType !== null) params.set("planType", query.planType);
  if (query.fiveG) params.set("fiveG", "1");
  if (query.euRoaming) params.set("euRoaming", "1");
  if (query.sort !== DEFAULT_TARIFF_SORT) params.set("sort", query.sort);
  if (query.start !== today) params.set("start", query.start);
  if (tariff) params.set("tariff", tariff);
  if (offset > 0) params.set("offset", String(offset));
  return params;
}

/**
 * The page cache's key part for a comparison URL: its normalised query, or undefined for a bad value or any other parameter (that page is rendered for its
 * visitor, not kept). `ignored` names parameters left out of the key (ad tracking).
 */
export function normalisedComparisonSearch(params: URLSearchParams, today: string, ignored: (name: string) => boolean): string | undefined {
  for (const name of params.keys()) if (!ignored(name) && !(COMPARISON_PARAMETERS as readonly string[]).includes(name)) return undefined;
  const raw = `${today} ${params.toString()}`;
  if (normalised.has(raw)) return normalised.get(raw);
  const { request, dropped } = parseComparisonLeniently(params, today);
  const search = Object.keys(dropped).length > 0 ? undefined : comparisonSearchParams(request, today).toString();
  normalised.set(raw, search);
  if (normalised.size > NORMALISED_KEPT) normalised.delete(normalised.keys().next().value!);
  return search;
}

/** Queries already read, for the page cache's every request: a lookup, not a parse. Bounded: a flood of different queries only pushes out older ones. */
const NORMALISED_KEPT = 1_000;
const normalised = new Map<string, string | undefined>();
