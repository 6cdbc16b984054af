import {
  linesForTeamSize,
  priceTariff,
  type ShortlistFilters,
  shortlistTariffs,
  type Tariff,
  TARIFF_LINES,
  type TariffOffer,
  tariffOffer,
  tariffSnapshot,
  type TariffSnapshot,
} from "~/features/tariffs";
import { listLiveTariffs, shortlistFiltersFrom } from "~/features/tariffs/index.server";
import { ukDay } from "~/lib/calendar";

/**
 * The deal on a lead (DESIGN.md, Tariffs and quotes): the tariff the visitor chose on the comparison, priced for their lines from the UK's today, and a
 * shortlist of up to three deals that fit. Both are snapshots, so later catalogue edits never change what the visitor saw. Everything is read from the live
 * tariffs kept in memory: no query per lead.
 */

export interface LeadDeal {
  tariff: TariffSnapshot | null;
  shortlist: TariffSnapshot[];
}

/** The lines a lead is priced for: the ones the visitor chose, else the top of their team size's range. */
export function leadLines(lines: number | undefined, teamSize: string | undefined): number {
  return lines ?? linesForTeamSize(teamSize) ?? TARIFF_LINES.default;
}

/** The live tariff `slug` priced for `lines` from `start`, or undefined: unknown, draft, withdrawn, or not sold for that many lines. */
function offerFrom(tariffs: readonly Tariff[], slug: string, lines: number, start: string): TariffOffer | undefined {
  const tariff = tariffs.find((candidate) => candidate.slug === slug);
  if (!tariff || lines < tariff.minLines || lines > tariff.maxLines) return undefined;
  return tariffOffer({ tariff, pricing: priceTariff(tariff, { lines, start }) });
}

/** The deal a visitor chose, as the wizard shows it while they answer; undefined when it is no longer on offer for those lines. */
export async function chosenDealOffer(slug: string, lines: number, now = new Date()): Promise<TariffOffer | undefined> {
  return offerFrom(await listLiveTariffs(), slug, lines, ukDay(now));
}

/**
 * The shortlists of one catalogue and one day, by lines and filters: a burst of leads prices the catalogue once per comparison, not once per lead. A new
 * catalogue (a staff change) or a new day starts afresh; at most SHORTLISTS_KEPT are kept (50 numbers of lines, each with the filters leads came with).
 */
let shortlists: { tariffs: readonly Tariff[]; start: string; byChoice: Map<string, TariffOffer[]> } | undefined;
const SHORTLISTS_KEPT = 1_000;

function shortlistOffers(tariffs: readonly Tariff[], lines: number, start: string, filters: ShortlistFilters): TariffOffer[] {
  if (shortlists?.tariffs !== tariffs || shortlists.start !== start) shortlists = { tariffs, start, byChoice: new Map() };
  const key = [lines, filters.minDataGb, filters.term, filters.planType, filters.fiveG, filters.euRoaming].join("|");
  let offers = shortlists.byChoice.get(key);
  if (!offers) {
    offers = shortlistTariffs(tariffs, lines, start, filters).map(tariffOffer);
    if (shortlists.byChoice.size >= SHORTLISTS_KEPT) shortlists.byChoice.delete(shortlists.byChoice.keys().next().value!);
    shortlists.byChoice.set(key, offers);
  }
  return offers;
}

/**
 * The deal to store on a new lead, or "unavailable" when the chosen tariff is not live or not sold for that many lines (a field error on `tariffSlug`). The
 * shortlist keeps the filters of the comparison the deal came from (term, data, plan type, 5G, roaming).
 */
export async function leadDeal(
  choice: { tariffSlug?: string; lines?: number; teamSize?: string; comparison?: string },
  now: Date,
): Promise<LeadDeal | "unavailable"> {
  const tariffs = await listLiveTariffs();
  const lines = leadLines(choice.lines, choice.teamSize);
  const start = ukDay(now);
  let tariff: TariffSnapshot | null = null;
  if (choice.tariffSlug) {
    const offer = offerFrom(tariffs, choice.tariffSlug, lines, start);
    if (!offer) return "unavailable";
    tariff = tariffSnapshot(offer, now);
  }
  const filters = shortlistFiltersFrom(choice.comparison, start);
  return { tariff, shortlist: shortlistOffers(tariffs, lines, start, filters).map((offer) => tariffSnapshot(offer, now)) };
}
