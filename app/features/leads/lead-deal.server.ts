import {
  linesForTeamSize,
  priceTariff,
  shortlistTariffs,
  type Tariff,
  TARIFF_LINES,
  type TariffOffer,
  tariffOffer,
  tariffSnapshot,
  type TariffSnapshot,
} from "~/features/tariffs";
import { listLiveTariffs } from "~/features/tariffs/index.server";
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
 * The shortlists of one catalogue and one day, by lines: a burst of leads prices the catalogue once per number of lines, not once per lead. A new catalogue (a
 * staff change) or a new day starts afresh, so at most 50 are kept.
 */
let shortlists: { tariffs: readonly Tariff[]; start: string; byLines: Map<number, TariffOffer[]> } | undefined;

function shortlistOffers(tariffs: readonly Tariff[], lines: number, start: string): TariffOffer[] {
  if (shortlists?.tariffs !== tariffs || shortlists.start !== start) shortlists = { tariffs, start, byLines: new Map() };
  let offers = shortlists.byLines.get(lines);
  if (!offers) {
    offers = shortlistTariffs(tariffs, lines, start).map(tariffOffer);
    shortlists.byLines.set(lines, offers);
  }
  return offers;
}

/** The deal to store on a new lead, or "unavailable" when the chosen tariff is not live or not sold for that many lines (a field error on `tariffSlug`). */
export async function leadDeal(choice: { tariffSlug?: string; lines?: number; teamSize?: string }, now: Date): Promise<LeadDeal | "unavailable"> {
  const tariffs = await listLiveTariffs();
  const lines = leadLines(choice.lines, choice.teamSize);
  const start = ukDay(now);
  let tariff: TariffSnapshot | null = null;
  if (choice.tariffSlug) {
    const offer = offerFrom(tariffs, choice.tariffSlug, lines, start);
    if (!offer) return "unavailable";
    tariff = tariffSnapshot(offer, now);
  }
  return { tariff, shortlist: shortlistOffers(tariffs, lines, start).map((offer) => tariffSnapshot(offer, now)) };
}
