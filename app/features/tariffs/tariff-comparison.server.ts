import { setImmediate } from "node:timers/promises";
import {
  inComparisonOrder,
  NEW_COMPARISONS_PER_POST,
  priceFittingTariffs,
  tariffFits,
  tariffOffer,
  type ComparedTariff,
  type TariffComparisonQuery,
} from "./tariff-comparison";
import { priceTariff, withVat } from "./tariff-prices";
import { comparisonSearchParams, parseComparisonLeniently, sortConflict } from "./tariff-comparison-schema";
import { DEALS_PAGE, emptyComparisonMessage, type ComparisonFilter, type DealsComparison, type EmptyComparisonReason } from "./tariff-deal-words";
import { DEFAULT_TARIFF_SORT, type Tariff, type TariffOffer } from "./tariffs";
import { ClientTurnsFull, RATE_LIMIT_MAX, consumeClientAllowance, inClientTurn, peekClientAllowance } from "~/platform/rate-limit.server";
import { listLiveTariffs } from "./tariffs.server";
import { countOf } from "~/lib/plural";

/**
 * The visitors' comparison, from the live catalogue in memory. Pricing a large catalogue takes milliseconds, so each result is kept for the catalogue it was
 * made from: a staff change makes a new catalogue (`listLiveTariffs` follows the public content version), whose results start afresh.
 */

/**
 * Kept per catalogue, bounded (5,000 tariffs compared every way would be hundreds of MB): comparisons up to this many priced tariffs (about 15 MB), and this
 * many `GET /api/tariffs` pages (100 tariffs, about 80 KB, each). The least recently asked goes first.
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
  return [query.lines, query.network, query.minDataGb, query.term, query.planType, query.fiveG, query.euRoaming, query.sort, query.start].join("|");
}

/** The value kept under `key`, now the most recently asked; undefined when none is. */
function recall<T>(store: Kept<T>, key: string): T | undefined {
  const value = store.entries.get(key);
  if (value === undefined) return undefined;
  store.entries.delete(key);
  store.entries.set(key, value);
  return value;
}

/** The value kept under `key`, or made and kept; the least recently asked are dropped past `max` (by `sizeOf`). */
function remember<T>(store: Kept<T>, key: string, make: () => T, sizeOf: (value: T) => number, max: number): T {
  const kept = recall(store, key);
  if (kept !== undefined) return kept;
  const value = make();
  store.size += sizeOf(value);
  store.entries.set(key, value);
  while (store.size > max && store.entries.size > 1) {
    const [oldestKey, oldest] = store.entries.entries().next().value!;
    store.entries.delete(oldestKey);
    store.size -= sizeOf(oldest);
  }
  return value;
}

/** This client asked for more new comparisons than NEW_COMPARISONS_PER_POST allows: 429, try again later. */
export class NewComparisonsLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`You have asked for a lot of new comparisons in a short time. Please try again in ${countOf(retryAfterSeconds, "second")}, or ask us for a quote.`);
  }
}

/** What a client's new comparisons are counted and taken in turn under. */
const NEW_COMPARISON = "new-comparison";
const newComparisonsAllowed = () => RATE_LIMIT_MAX * NEW_COMPARISONS_PER_POST;

/**
 * Whether this client is past its allowance of new comparisons, counting nothing: why (answer 429), or null. The page cache asks before rendering a page it
 * could not answer (front-door.server.ts), so such a client costs no render at all.
 */
export async function newComparisonsRefused(): Promise<NewComparisonsLimited | null> {
  const verdict = await peekClientAllowance(NEW_COMPARISON, newComparisonsAllowed());
  return verdict.allowed ? null : new NewComparisonsLimited(verdict.retryAfterSeconds);
}

/** A client's new comparisons wait for the one being priced, this many at most; more at once are refused (try again in a second). */
export const NEW_COMPARISONS_WAITING_PER_CLIENT = 2;

/**
 * Prices a new comparison in the client's turn, so its new comparisons are priced one after another (each holds the server's thread), counted against its
 * allowance (NEW_COMPARISONS_PER_POST) as the turn comes. Throws NewComparisonsLimited past the allowance or with too many waiting.
 */
async function priceNewComparison<T>(price: () => Promise<T>): Promise<T> {
  try {
    return await inClientTurn(NEW_COMPARISON, NEW_COMPARISONS_WAITING_PER_CLIENT, async () => {
      const verdict = await consumeClientAllowance(NEW_COMPARISON, newComparisonsAllowed());
      if (!verdict.allowed) throw new NewComparisonsLimited(verdict.retryAfterSeconds);
      return price();
    });
  } catch (error) {
    if (error instanceof ClientTurnsFull) throw new NewComparisonsLimited(1);
    throw error;
  }
}

async function keptForCatalogue() {
  const live = await listLiveTariffs();
  let forCatalogue = kept.get(live);
  if (!forCatalogue) kept.set(live, (forCatalogue = { comparisons: { entries: new Map(), size: 0 }, answers: { entries: new Map(), size: 0 } }));
  return { live, ...forCatalogue };
}

/** The live tariffs that fit, priced for the team, in order. One not kept counts against the client's allowance first (NewComparisonsLimited past it). */
export async function compareLiveTariffs(query: TariffComparisonQuery): Promise<ComparedTariff[]> {
  const key = comparisonKey(query);
  const kept = recall((await keptForCatalogue()).comparisons, key);
  if (kept) return kept;
  return priceNewComparison(async () => {
    const { live, comparisons } = await keptForCatalogue();
    // Priced while this client waited for its turn (another of its requests, or another client's) is kept.
    const meanwhile = recall(comparisons, key);
    if (meanwhile) return meanwhile;
    const compared = await compareInSteps(live, query);
    return remember(
      comparisons,
      key,
      () => compared,
      (made) => Math.max(1, made.length),
      KEPT_PRICED_TARIFFS,
    );
  });
}

/** Priced a part of the catalogue at a time, other requests let in between (a part takes a few ms; a large catalogue, tens), then put in order. */
const PRICED_AT_A_TIME = 500;

async function compareInSteps(live: readonly Tariff[], query: TariffComparisonQuery): Promise<ComparedTariff[]> {
  const compared: ComparedTariff[] = [];
  for (let start = 0; start < live.length; start += PRICED_AT_A_TIME) {
    if (start > 0) await setImmediate();
    compared.push(...priceFittingTariffs(live.slice(start, start + PRICED_AT_A_TIME), query));
  }
  return inComparisonOrder(compared, query.sort);
}

/** A page of `GET /api/tariffs` as JSON, each offer's figures inc VAT beside ex VAT. A page already sent is sent again as it was; else `compareLiveTariffs`. */
export async function tariffListJson(query: TariffComparisonQuery, { limit, offset }: { limit: number; offset: number }): Promise<string> {
  const key = `${comparisonKey(query)}|${limit}|${offset}`;
  const sent = recall((await keptForCatalogue()).answers, key);
  if (sent !== undefined) return sent;
  const compared = await compareLiveTariffs(query);
  const { answers } = await keptForCatalogue();
  return remember(
    answers,
    key,
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
  const forLines: TariffComparisonQuery = { ...query, network: null, minDataGb: null, term: null, planType: null, fiveG: false, euRoaming: false };
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
  planType: { planType: null },
  fiveG: { fiveG: false },
  euRoaming: { euRoaming: false },
};

/** The query without one filter; a sort that needs the term it loses goes back to the default. */
function relaxed(query: TariffComparisonQuery, filter: ComparisonFilter): TariffComparisonQuery {
  const without = { ...query, ...RELAXED[filter] };
  return sortConflict(without) ? { ...without, sort: DEFAULT_TARIFF_SORT } : without;
}

/**
 * The Compare deals section for a URL: bad values dropped to defaults (and said), the first deals, why none fit, and the chosen deal when live for those lines.
 * Past the client's allowance of new comparisons, no deals, why (`comparison.limited`) and when to retry (`retryAfterSeconds`: the page answers 429).
 */
export async function dealsForPage(
  params: URLSearchParams,
  today: string,
): Promise<{ comparison: DealsComparison; chosenDeal: TariffOffer | null; retryAfterSeconds: number | null }> {
  const { request, dropped } = parseComparisonLeniently(params, today);
  const { query } = request;
  const [{ compared, limited }, chosenDeal] = await Promise.all([
    compareLiveTariffs(query).then(
      (compared) => ({ compared, limited: null }),
      (error: unknown) => {
        if (!(error instanceof NewComparisonsLimited)) throw error;
        return { compared: [], limited: error };
      },
    ),
    findChosenDeal(request.tariff, query),
  ]);
  let empty: DealsComparison["empty"] = null;
  if (compared.length === 0 && !limited) {
    const reason = await emptyComparisonReason(query);
    const relaxedSearch =
      reason.kind === "filter" ? comparisonSearchParams({ query: relaxed(query, reason.filter), tariff: null, offset: 0 }, today).toString() : null;
    empty = { message: emptyComparisonMessage(reason, query), relaxedSearch };
  }
  return {
    comparison: {
      query,
      today,
      linesChosen: Boolean(params.get("lines")?.trim()) && !dropped.lines,
      search: comparisonSearchParams({ query, tariff: null, offset: 0 }, today).toString(),
      dropped,
      offers: compared.slice(0, request.offset + DEALS_PAGE.size).map(tariffOffer),
      offset: request.offset,
      nextSlug: compared[request.offset + DEALS_PAGE.size]?.tariff.slug ?? null,
      total: compared.length,
      empty,
      limited: limited?.message ?? null,
    },
    chosenDeal,
    retryAfterSeconds: limited?.retryAfterSeconds ?? null,
  };
}
