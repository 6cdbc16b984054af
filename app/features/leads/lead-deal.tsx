import { dealName, dealPriceRises, describeLines, describeTerm, SAMPLE_PRICES_LABEL, teamMonthlyText, withVat } from "~/features/tariffs";
import type { StaffLead } from "./leads";
import { Fact, Facts } from "~/ui/facts";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";

function SampleBadge() {
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200" title={SAMPLE_PRICES_LABEL}>
      Sample
    </span>
  );
}

/**
 * The deal the visitor chose on the comparison and the shortlist they were
 * shown, as they saw them (snapshots: later catalogue edits never change them).
 */
export function LeadDeal({ lead }: { lead: Pick<StaffLead, "tariff" | "tariffShortlist"> }) {
  const { tariff: deal, tariffShortlist: shortlist } = lead;
  if (!deal && !shortlist?.length) return null;
  const rises = deal ? dealPriceRises(deal) : [];
  return (
    <div className="grid gap-5" data-testid="lead-deal">
      {deal ? (
        <Facts title="Chosen deal">
          <Fact label="Deal">
            {dealName(deal)}
            {deal.isSample ? <SampleBadge /> : null}
          </Fact>
          <Fact label="Lines">{String(deal.lines)}</Fact>
          <Fact label="Team monthly">{teamMonthlyText(deal)}</Fact>
          <Fact label="Contract total">{`${formatPounds(deal.contractTotalExVatPence)} ex VAT (${formatPounds(withVat(deal.contractTotalExVatPence))} inc VAT)`}</Fact>
          <Fact label="Term">{describeTerm(deal.termMonths)}</Fact>
          <Fact label="Price rises">{rises.length > 0 ? `${rises.join("; ")} (ex VAT)` : "None"}</Fact>
          <Fact label="Prices checked on">{formatCalendarDay(deal.checkedOn)}</Fact>
          <Fact label="Chosen">{formatDateTime(deal.takenAt)}</Fact>
        </Facts>
      ) : null}
      {shortlist?.length ? (
        <section className="grid gap-2" aria-labelledby="lead-shortlist-heading">
          <h3 id="lead-shortlist-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Shortlist shown to the visitor
          </h3>
          <ul className="grid gap-1 text-sm text-slate-900" data-testid="lead-shortlist">
            {shortlist.map((offer) => (
              <li key={offer.slug}>
                <span className="font-medium">{dealName(offer)}</span>
                {`: ${describeLines(offer.lines)}, ${teamMonthlyText(offer)}, ${describeTerm(offer.termMonths)}`}
                {offer.isSample ? <SampleBadge /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
