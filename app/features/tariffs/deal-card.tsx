import { Link } from "@remix-run/react";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { ArrowRight, ChevronRight } from "~/ui/icons";
import { describeAllowance, describeData, describeDiscount, describeEuRoaming, describeLines, describeTerm } from "./tariff-deal-words";
import { describeTeamPriceRise, teamPriceRises, withVat } from "./tariff-prices";
import { SAMPLE_PRICES_LABEL, tariffPlanType, type TariffOffer } from "./tariffs";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";
import { cn } from "~/lib/cn";
import { OPEN_FROM_SM } from "~/ui/folds";

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
 * One deal of the comparison. First what decides it: the team's average monthly cost over the term (the comparison's default order, so a rolling month and a
 * two-year contract compare fairly), the term and the headline allowances, and the way into the quote wizard with it chosen. Then, folded on a phone, the
 * rest: every allowance, the first month's prices, the whole contract's cost and the rises as the team will pay them (Ofcom: pounds and pence).
 */
export function DealCard({ offer, getDealHref }: { offer: TariffOffer; getDealHref: string }) {
  const headingId = `deal-${offer.slug}`;
  const rises = teamPriceRises(offer, offer.lines).map(describeTeamPriceRise);
  const discount = describeDiscount(offer.multiLineDiscount);
  const dataOnly = tariffPlanType(offer) === "data-only";
  const headline = [describeData(offer.dataGb), ...(dataOnly ? ["Data only"] : [describeAllowance(offer.minutes, "minutes")]), offer.fiveG ? "5G" : "4G"];
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
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:gap-x-4 sm:p-5"
      data-deal={offer.slug}
    >
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {/* Focused when "Show more deals" adds this deal first. */}
          <h3 id={headingId} tabIndex={-1} className="text-lg font-bold text-slate-900">
            <span className="text-brand-700">{offer.network}</span> {offer.name}
          </h3>
          <Badge tone="brand">{describeTerm(offer.termMonths)}</Badge>
          {offer.isSample ? <Badge tone="amber">{SAMPLE_PRICES_LABEL}</Badge> : null}
        </div>
        <p data-testid="deal-headline">
          <span className="text-2xl font-bold text-slate-900">{formatPounds(offer.effectiveMonthlyExVatPence)}</span>
          <span className="text-sm text-slate-700">{` a month ex VAT (${formatPounds(withVat(offer.effectiveMonthlyExVatPence))} inc VAT)`}</span>
          <span className="block text-sm text-slate-600">
            {`for ${describeLines(offer.lines)}, on average over ${countOf(offer.termMonths, "month")} with the price rises`}
          </span>
        </p>
        <p className="text-sm text-slate-700">{headline.join(" · ")}</p>
      </div>
      <div className="flex items-center sm:row-span-2 sm:items-start">
        <Link to={getDealHref} className={buttonClasses("accent", "md")} aria-describedby={headingId}>
          Get this deal
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <details className={cn("group", OPEN_FROM_SM)}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-sm font-semibold text-brand-700 sm:hidden [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
          Deal details
        </summary>
        <div className="grid gap-3 pt-1">
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
              <dt className="inline text-slate-600">{`Your team, ${describeLines(offer.lines)}, first month: `}</dt>
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
              <dt className="inline text-slate-600">Price rises, ex VAT: </dt>
              <dd className="inline">{rises.length > 0 ? rises.join("; ") : "none listed"}</dd>
            </div>
          </dl>
          <p className="text-xs text-slate-600">{`Prices checked on ${formatCalendarDay(offer.checkedOn)}`}</p>
        </div>
      </details>
    </article>
  );
}
