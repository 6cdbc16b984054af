import { useEffect } from "react";
import { comparisonHref, QUOTE_STEP_ANCHOR } from "./tariff-deal-words";
import type { TariffOffer } from "./tariffs";
import { DealCard } from "./deal-card";

/**
 * The deals of a comparison, in its order. A static part: the browser keeps the
 * server's HTML and loads this code only when the visitor changes the comparison.
 * `firstAdded`: the first deal "Show more deals" added, which takes focus once
 * drawn (this code runs only after a change in the browser, never on a page's first load).
 */
export function DealList({ offers, search, firstAdded = null }: { offers: TariffOffer[]; search: string; firstAdded?: string | null }) {
  useEffect(() => {
    if (firstAdded) document.getElementById(`deal-${firstAdded}`)?.focus();
  }, [firstAdded]);
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
