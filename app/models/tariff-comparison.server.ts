import { compareTariffs, tariffFits, tariffOffer, type ComparedTariff, type TariffComparisonQuery } from "~/lib/tariff-comparison";
import { priceTariff, withVat } from "~/lib/tariff-prices";
import { comparisonSearchParams, parseComparisonLeniently } from "~/lib/schemas/tariff-comparison";
import { DEALS_SHOWN, emptyComparisonMessage, type ComparisonFilter, type DealsComparison, type EmptyComparisonReason } from "~/lib/tariff-deal-words";
import type { Tariff, TariffOffer } from "~/lib/tariffs";
import { listLiveTariffs } from "./tariffs.server";

/**
 * The visitors' comparison, from the live catalogue in memory (no query per
 * request). Pricing every live tariff for a team takes milliseconds over a
 * large catalogue, so each comparison's result is kept for the catalogue it
 * was made from: a staff change makes a new catalogue (`listLiveTariffs`
 * follows the public content version), whose results start afresh.
 */

/**
 * What is kept per catalogue, bounded in memory (a catalogue of 5,000 compared in every way
 * would otherwise be hundreds of MB): comparisons until they hold this many priced tariffs
 * together (about 15 MB), and this many pages of `GET /api/tariffs` (at most 100 tariffs,
 * about 80 KB, each). The least recently asked goes first.
 */
export const KEPT_PRICED_TARIFFS = 100_000;
export const KEPT_API_ANSWERS = 200;

interface Kept<T> {
  entries: Map<string, T>;
  size: number;
}

/** Per catalogue: each comparison's result, and each page of `GET /api/tariffs` as sent. */
const kept = new WeakMap<readonly Tariff[], { comparisons: Kept<ComparedTariff[]>; answers: Kept<string> }>();

function comparisonKey(query: TariffComparisonQuery): string {
  return [query.lines, query.network, query.minDataGb, query.term, query.fiveG, query.euRoaming, query.sort, query.start].join("|");
}

/** The value kept under `key`, or made and kept; the least recently asked are dropped past `max` (by `sizeOf`). */
function remember<T>(store: Kept<T>, key: string, make: () => T, sizeOf: (value: T) => number, max: number): T {
  let value = store.entries.get(key);
  if (value !== undefined) store.entries.delete(key);
  else {
    value = make();
    store.size += sizeOf(value);
  }
  store.entries.set(key, value);
  while (store.size > max && store.entries.size > 1) {
    const [oldestKey, oldest] = store.entries.entries().next().value!;
    store.entries.delete(oldestKey);
    store.size -= sizeOf(oldest);
  }
  return value;
}

async function keptForCatalogue() {
  const live = await listLiveTariffs();
  let forCatalogue = kept.get(live);
  if (!forCatalogue) kept.set(live, (forCatalogue = { comparisons: { entries: new Map(), size: 0 }, answers: { entries: new Map(), size: 0 } }));
  return { live, ...forCatalogue };
}

/** The live tariffs that fit the query, priced for the team, in its order. */
export async function compareLiveTariffs(query: TariffComparisonQuery): Promise<ComparedTariff[]> {
  const { live, comparisons } = await keptForCatalogue();
  return remember(
    comparisons,
    comparisonKey(query),
    () => compareTariffs(live, query),
    (compared) => Math.max(1, compared.length),
    KEPT_PRICED_TARIFFS,
  );
}

/**
 * A page of `GET /api/tariffs` as JSON text: `{ total, limit, offset, tariffs }`, each tariff
 * an offer for the team with its figures inc VAT beside those ex VAT.
 */
export async function tariffListJson(query: TariffComparisonQuery, { limit, offset }: { limit: number; offset: number }): Promise<string> {
  const compared = await compareLiveTariffs(query);
  const { answers } = await keptForCatalogue();
  return remember(
    answers,
    `${comparisonKey(query)}|${limit}|${offset}`,
    () => {
      const tariffs = compared.slice(offset, offset + limit).map((entry) => {
        const offer = tariffOffer(entry);
        return {
          ...offer,
          linePriceIncVatPence: withVat(offer.linePriceExVatPence),
          teamMonthlyIncVatPence: withVat(offer.teamMonthlyExVatPence),
          contractTotalIncVatPence: withVat(offer.contractTotalExVatPence),
          effectiveMonthlyIncVatPence: withVat(offer.effectiveMonthlyExVatPence),
        };
      });
      return JSON.stringify({ total: compared.length, limit, offset, tariffs });
    },
    () => 1,
    KEPT_API_ANSWERS,
  );
}

/** The deal a visitor chose, priced for their team: a live tariff that can be had for those lines, else null. */
export async function findChosenDeal(slug: string | null, query: TariffComparisonQuery): Promise<TariffOffer | null> {
  if (!slug) return null;
  const tariff = (await listLiveTariffs()).find((live) => live.slug === slug);
  // Only the lines matter for the choice: the filters narrow the list, not what may be chosen.
  const forLines: TariffComparisonQuery = { ...query, network: null, minDataGb: null, term: null, fiveG: false, euRoaming: false };
  if (!tariff || !tariffFits(tariff, forLines)) return null;
  return tariffOffer({ tariff, pricing: priceTariff(tariff, query) });
}

/** Why a comparison shows no deal (call it when it shows none). */
export async function emptyComparisonReason(query: TariffComparisonQuery): Promise<EmptyComparisonReason> {
  const live = await listLiveTariffs();
  if (live.length === 0) return { kind: "catalogue" };
  const chosen = (Object.entries(RELAXED) as Array<[ComparisonFilter, Partial<TariffComparisonQuery>]>).filter(
    ([filter]) => query[filter] !== null && query[filter] !== false,
  );
  for (const [filter, relaxed] of chosen) {
    if (live.some((tariff) => tariffFits(tariff, { ...query, ...relaxed }))) return { kind: "filter", filter };
  }
  const withoutFilters = Object.assign({}, query, ...chosen.map(([, relaxed]) => relaxed)) as TariffComparisonQuery;
  return live.some((tariff) => tariffFits(tariff, withoutFilters)) ? { kind: "filters" } : { kind: "lines" };
}

const RELAXED: Record<ComparisonFilter, Partial<TariffComparisonQuery>> = {
  network: { network: null },
  minDataGb: { minDataGb: null },
  term: { term: null },
  fiveG: { fiveG: false },
  euRoaming: { euRoaming: false },
};

/**
 * The Compare deals section's data for a page URL's parameters: bad values
 * dropped to their defaults (and said), the first deals, why none fit, and
 * the deal the visitor chose (`tariff`) when it is live and covers their lines.
 */
export async function dealsForPage(params: URLSearchParams, today: string): Promise<{ comparison: DealsComparison; chosenDeal: TariffOffer | null }> {
  const { request, dropped } = parseComparisonLeniently(params, today);
  const { query } = request;
  const [compared, chosenDeal] = await Promise.all([compareLiveTariffs(query), findChosenDeal(request.tariff, query)]);
  let empty: DealsComparison["empty"] = null;
  if (compared.length === 0) {
    const reason = await emptyComparisonReason(query);
    const relaxedSearch =
      reason.kind === "filter" ? comparisonSearchParams({ query: { ...query, ...RELAXED[reason.filter] }, tariff: null }, today).toString() : null;
    empty = { message: emptyComparisonMessage(reason, query), relaxedSearch };
  }
  return {
    comparison: {
      query,
      today,
      linesChosen: Boolean(params.get("lines")?.trim()) && !dropped.lines,
      search: comparisonSearchParams({ query, tariff: null }, today).toString(),
      dropped,
      offers: compared.slice(0, DEALS_SHOWN).map(tariffOffer),
      total: compared.length,
      empty,
    },
    chosenDeal,
  };
}
