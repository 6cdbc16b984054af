import { CheckList } from "~/ui/check-list";

/** What a business gets back when it asks for a quote: the Business Mobiles hero's summary. */
export function QuoteIncludesCard() {
  return (
    <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
      <p className="text-lg font-semibold">Your free quote includes</p>
      <CheckList
        className="mt-6"
        items={[
          "Side-by-side prices from every major UK network",
          "SIM-only and handset options for each member of your team",
          "Coverage checked where your team actually works",
          "A named UK-based expert to answer your questions",
        ]}
      />
      <p className="mt-8 rounded-xl bg-brand-50 px-4 py-3 text-sm leading-6 text-brand-900">
        No cost and no obligation. Tell us what you need in 1 minute and hear from an expert within 24 hours.
      </p>
    </div>
  );
}
