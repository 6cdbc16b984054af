import { comparisonHref, QUOTE_STEP_ANCHOR } from "./tariff-deal-words";
import type { TariffOffer } from "./tariffs";
import { DealCard } from "./deal-card";

/**
 * The deals of a comparison, in its order. A static part: the browser keeps the
 * server's HTML and loads this code only when the visitor changes the comparison.
 */
export function DealList({ offers, search }: { offers: TariffOffer[]; search: string }) {
  return (
    <ol className="grid gap-4" aria-label="Deals">
      {offers.map((offer) => (
        <li key={offer.slug}>
          <DealCard offer={offer} getDealHref={`${comparisonHref(search, `tariff=${offer.slug}`)}#${QUOTE_STEP_ANCHOR}`} />
        </li>
      ))}
    </ol>
  );
}
