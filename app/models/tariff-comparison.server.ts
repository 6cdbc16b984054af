import { compareTariffs, tariffFits, tariffOffer, type ComparedTariff, type TariffComparisonQuery } from "~/lib/tariff-comparison";
import { priceTariff } from "~/lib/tariff-prices";
import type { Tariff, TariffOffer } from "~/lib/tariffs";
import { listLiveTariffs } from "./tariffs.server";

/**
 * The visitors' comparison, from the live catalogue in memory (no query per
 * request). Pricing every live tariff for a team takes milliseconds over a
 * large catalogue, so each comparison's result is kept for the catalogue it
 * was made from: a staff change makes a new catalogue (`listLiveTariffs`
 * follows the public content version), whose results start afresh.
 */

/** Comparisons kept per catalogue; the least recently asked is dropped past this. */
export const KEPT_COMPARISONS = 500;

const comparisons = new WeakMap<readonly Tariff[], Map<string, ComparedTariff[]>>();

function comparisonKey(query: TariffComparisonQuery): string {
  return [query.lines, query.network, query.minDataGb, query.term, query.fiveG, query.euRoaming, query.sort, query.start].join("|");
}

/** The live tariffs that fit the query, priced for the team, in its order. */
export async function compareLiveTariffs(query: TariffComparisonQuery): Promise<{ compared: ComparedTariff[]; catalogueSize: number }> {
  const live = await listLiveTariffs();
  let kept = comparisons.get(live);
  if (!kept) comparisons.set(live, (kept = new Map()));
  const key = comparisonKey(query);
  let compared = kept.get(key);
  if (compared) kept.delete(key);
  else compared = compareTariffs(live, query);
  kept.set(key, compared);
  if (kept.size > KEPT_COMPARISONS) kept.delete(kept.keys().next().value!);
  return { compared, catalogueSize: live.length };
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

/**
 * Which filter leaves no deal, in the visitor's words, when the comparison is
 * empty but the catalogue is not: the first filter whose removal would show
 * some. Undefined when only the number of lines rules every deal out.
 */
export async function filterLeavingNone(query: TariffComparisonQuery): Promise<keyof TariffComparisonQuery | undefined> {
  const live = await listLiveTariffs();
  const relaxations: Array<[keyof TariffComparisonQuery, Partial<TariffComparisonQuery>]> = [
    ["network", { network: null }],
    ["minDataGb", { minDataGb: null }],
    ["term", { term: null }],
    ["fiveG", { fiveG: false }],
    ["euRoaming", { euRoaming: false }],
  ];
  for (const [filter, relaxed] of relaxations) {
    if (query[filter] === null || query[filter] === false) continue;
    if (live.some((tariff) => tariffFits(tariff, { ...query, ...relaxed }))) return filter;
  }
  return undefined;
}
