import { Link } from "@remix-run/react";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { ArrowRight } from "~/ui/icons";
import { describeAllowance, describeData, describeDiscount, describeEuRoaming, describeLines, describeTerm } from "./tariff-deal-words";
import { describePriceRises, withVat } from "./tariff-prices";
import { SAMPLE_PRICES_LABEL, type TariffOffer } from "./tariffs";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** A figure ex VAT with its inc-VAT twin, read as words by a screen reader ("£12.00 ex VAT, £14.40 inc VAT"). */
function Price({ exVatPence, per }: { exVatPence: number; per?: string }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{`${formatPounds(exVatPence)}${per ? ` ${per}` : ""} ex VAT`}</span>
      <span className="text-slate-600">{`, ${formatPounds(withVat(exVatPence))} inc VAT`}</span>
    </>
  );
}

/**
 * One deal of the comparison: what it includes, its prices for the team
 * (ex VAT first, as a business reads them), the rises Ofcom requires in
 * pounds and pence, and the way into the quote wizard with it chosen.
 */
export function DealCard({ offer, getDealHref }: { offer: TariffOffer; getDealHref: string }) {
  const headingId = `deal-${offer.slug}`;
  const rises = describePriceRises(offer.priceRises);
  const discount = describeDiscount(offer.multiLineDiscount);
  const allowances = [
    describeData(offer.dataGb),
    describeAllowance(offer.minutes, "minutes"),
    describeAllowance(offer.texts, "texts"),
    offer.fiveG ? "5G" : "4G",
    describeEuRoaming(offer.euRoaming),
    ...(offer.wifiCalling ? ["Wi-Fi calling"] : []),
    ...offer.businessExtras,
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_auto]"
      data-deal={offer.slug}
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-bold text-slate-900">
            <span className="text-brand-700">{offer.network}</span> {offer.name}
          </h3>
          <Badge tone="brand">{describeTerm(offer.termMonths)}</Badge>
          {offer.isSample ? <Badge tone="amber">{SAMPLE_PRICES_LABEL}</Badge> : null}
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Included">
          {allowances.map((allowance) => (
            <li key={allowance}>{allowance}</li>
          ))}
        </ul>
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline text-slate-600">Per line: </dt>
            <dd className="inline">
              <Price exVatPence={offer.linePriceExVatPence} per="a month" />
              {discount ? <span className="text-slate-600">{` (${discount})`}</span> : null}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">{`Your team, ${describeLines(offer.lines)}: `}</dt>
            <dd className="inline">
              <Price exVatPence={offer.teamMonthlyExVatPence} per="a month" />
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">{`Whole contract, ${countOf(offer.termMonths, "month")} with the price rises: `}</dt>
            <dd className="inline">
              <Price exVatPence={offer.contractTotalExVatPence} />
              {offer.upfrontCostExVatPence > 0 ? (
                <span className="text-slate-600">{` (includes ${formatPounds(offer.upfrontCostExVatPence)} upfront a line ex VAT)`}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Price rises a line: </dt>
            <dd className="inline">{rises.length > 0 ? rises.join("; ") : "none listed"}</dd>
          </div>
        </dl>
        <p className="text-xs text-slate-600">{`Prices checked on ${formatCalendarDay(offer.checkedOn)}`}</p>
      </div>
      <div className="flex items-end sm:items-center">
        <Link to={getDealHref} className={buttonClasses("accent", "md")} aria-describedby={headingId}>
          Get this deal
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </article>
  );
}
