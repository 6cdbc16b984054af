import { chosenDealText, dealName, describeLines, describeTerm, SAMPLE_PRICES_LABEL, teamMonthlyText } from "~/features/tariffs";
import { QUOTE_DEAL_MESSAGES, QUOTE_WIZARD_INTENTS } from "~/features/leads";
import type { TariffOffer } from "~/features/tariffs";

/**
 * The deal the visitor chose on the comparison, on every step until they
 * send the form, with a button that removes it (a form post, so it works
 * without JavaScript) and keeps their answers. `deal` is absent when the
 * chosen tariff is no longer on offer. It comes after the step's own fields
 * in the form, so Enter in a field presses the step's button, not this one;
 * `order-first` shows it above them.
 */
export function ChosenDealPanel({ deal, error, disabled }: { deal?: TariffOffer; error?: string; disabled: boolean }) {
  return (
    <div
      className="order-first flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 ring-1 ring-brand-200"
      data-testid="chosen-deal"
    >
      <div className="grid gap-1">
        {deal ? <p className="text-sm font-semibold text-brand-900">{chosenDealText(deal)}</p> : null}
        {deal?.isSample ? <p className="text-xs text-slate-600">{SAMPLE_PRICES_LABEL}</p> : null}
        {error || !deal ? <p className="text-sm font-medium text-red-700">{error ?? QUOTE_DEAL_MESSAGES.unavailable}</p> : null}
      </div>
      <button
        type="submit"
        name="intent"
        value={QUOTE_WIZARD_INTENTS.removeDeal}
        formNoValidate
        disabled={disabled}
        className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        Remove this deal
      </button>
    </div>
  );
}

function DealCard({ deal }: { deal: TariffOffer }) {
  return (
    <li className="grid gap-1 rounded-lg bg-white px-4 py-3 text-left ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{dealName(deal)}</p>
      <p className="text-sm text-slate-700">{teamMonthlyText(deal)}</p>
      <p className="text-sm text-slate-600">{`${describeTerm(deal.termMonths)}, ${describeLines(deal.lines)}`}</p>
      {deal.isSample ? <p className="text-xs font-medium text-amber-800">{SAMPLE_PRICES_LABEL}</p> : null}
    </li>
  );
}

/** The thank-you step's deals: the one chosen, and up to three that fit the answers (as stored on the lead). */
export function ThankYouDeals({ chosenDeal, shortlist = [] }: { chosenDeal?: TariffOffer; shortlist?: TariffOffer[] }) {
  if (!chosenDeal && shortlist.length === 0) return null;
  return (
    <div className="grid w-full gap-4" data-testid="thank-you-deals">
      {chosenDeal ? (
        <section className="grid gap-2" aria-labelledby="thank-you-chosen-deal">
          <h4 id="thank-you-chosen-deal" className="text-left text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Your chosen deal
          </h4>
          <ul className="grid">
            <DealCard deal={chosenDeal} />
          </ul>
        </section>
      ) : null}
      {shortlist.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="thank-you-shortlist">
          <h4 id="thank-you-shortlist" className="text-left text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Deals that fit your team
          </h4>
          <ul className="grid gap-2 sm:grid-cols-3" data-testid="thank-you-shortlist">
            {shortlist.map((deal) => (
              <DealCard key={deal.slug} deal={deal} />
            ))}
          </ul>
          <p className="text-left text-xs text-slate-600">Prices per team, first month. Our expert will confirm the best deal for you.</p>
        </section>
      ) : null}
    </div>
  );
}
