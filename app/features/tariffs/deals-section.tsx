import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { buttonClasses } from "~/ui/button";
import { comparisonHref, COMPARISON_PATH, DEALS_PAGE, describeLines, type DealsComparison } from "./tariff-deal-words";
import { SORTS_NEEDING_A_TERM } from "./tariffs";
import { ComparisonFilters } from "./comparison-filters";
import { DealList } from "./deal-list-part";
import { countOf, plural } from "~/lib/plural";
import { formatCount } from "~/lib/money";

function countWords(total: number, shown: number): string {
  if (total === 0) return "No deals fit your choices";
  const fit = `${countOf(total, "deal")} ${plural(total, "fits", "fit")} your choices`;
  if (shown < total) return `${fit}: showing the first ${formatCount(shown)}`;
  return fit;
}

/** Once the page shows as many deals as it may, narrowing the choices reaches the others. */
const MOST_SHOWN = DEALS_PAGE.maxOffset + DEALS_PAGE.size;

/**
 * The Compare deals section of `/business-mobile` (`#deals`): a GET form, so
 * it works without JavaScript and every comparison is a URL. With JavaScript
 * a change of any choice updates the results in place (the same URL,
 * without the empty choices), focus stays where it is and the count is
 * announced.
 */
export function DealsSection({ comparison, teamLines }: { comparison: DealsComparison; teamLines?: number }) {
  const { query, offers, total, empty, dropped } = comparison;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const updating =
    navigation.state === "loading" &&
    navigation.location.pathname === COMPARISON_PATH &&
    (navigation.location.hash === "" || navigation.location.hash.startsWith("#deal-"));
  const next = offers.length < total && offers.length < MOST_SHOWN ? comparison.nextSlug : null;

  // A link (not the form) can change the comparison: the form then shows its choices, without
  // remounting a control (which would lose the focus of a visitor using the form). Each change of
  // the form is numbered; a comparison that arrives after the visitor made a newer choice is not
  // allowed to set that choice back (the newer one is on its way).
  const form = useRef<HTMLFormElement>(null);
  const lastAsk = useRef(0);
  const arrivedAsk = (useLocation().state as { dealsAsk?: number } | null)?.dealsAsk;
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements || (arrivedAsk !== undefined && arrivedAsk < lastAsk.current)) return;
    const set = (name: string, value: string) => {
      const control = elements.namedItem(name);
      if (control instanceof HTMLSelectElement && control.value !== value) control.value = value;
    };
    set("lines", String(query.lines));
    set("network", query.network ?? "");
    set("minDataGb", query.minDataGb === null ? "" : String(query.minDataGb));
    set("term", query.term === null ? "" : String(query.term));
    set("planType", query.planType ?? "");
    set("sort", query.sort);
    for (const name of ["fiveG", "euRoaming"] as const) {
      const box = elements.namedItem(name);
      if (box instanceof HTMLInputElement) box.checked = query[name];
    }
  }, [query, arrivedAsk]);

  function update(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value !== "") params.set(name, value);
    // A whole-contract sort compares deals of one term: with the term taken off, the default order.
    if (!params.has("term") && SORTS_NEEDING_A_TERM.some((sort) => params.get("sort") === sort)) params.delete("sort");
    lastAsk.current += 1;
    navigate(comparisonHref(params.toString()), { preventScrollReset: true, replace: true, state: { dealsAsk: lastAsk.current } });
  }

  return (
    <Section id="deals" labelledBy="deals-heading" tone="muted">
      <SectionHeading
        id="deals-heading"
        eyebrow="Compare deals"
        title="Every major network, priced for your team"
        description="Prices are per month and shown ex VAT with the VAT-inclusive figure beside them. The whole-contract cost includes every price rise the network has set."
      />
      <form
        ref={form}
        method="get"
        action={`${COMPARISON_PATH}#deals`}
        onSubmit={update}
        onChange={(event) => event.currentTarget.requestSubmit()}
        className="mx-auto mt-6 max-w-5xl rounded-xl border border-slate-200 bg-white shadow-sm sm:mt-10"
        aria-label="Compare deals"
      >
        <ComparisonFilters query={query} today={comparison.today} dropped={dropped} />
      </form>
      <div className="mx-auto mt-8 grid max-w-5xl gap-4" aria-busy={updating}>
        {teamLines && !comparison.linesChosen && teamLines !== query.lines ? (
          <p className="text-sm text-slate-800">
            {`You told us your team needs up to ${describeLines(teamLines)}. `}
            <Link to={`${comparisonHref(comparison.search, `lines=${teamLines}`)}#deals`} className="font-semibold text-brand-700 underline">
              {`Price these deals for ${describeLines(teamLines)}`}
            </Link>
          </p>
        ) : null}
        <p role="status" className="text-sm font-medium text-slate-700" data-testid="deals-count">
          {comparison.limited ?? countWords(total, offers.length)}
          {updating ? <span className="sr-only"> (updating)</span> : null}
        </p>
        {comparison.limited ? (
          <div className="flex flex-wrap gap-3">
            <a href="#get-quote" className={buttonClasses("accent", "md")}>
              Ask for a quote
            </a>
          </div>
        ) : empty ? (
          <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-800" data-testid="deals-empty">
            <p>{empty.message}</p>
            <div className="flex flex-wrap gap-3">
              {empty.relaxedSearch !== null ? (
                <Link to={`${comparisonHref(empty.relaxedSearch)}#deals`} preventScrollReset className={buttonClasses("secondary", "md")}>
                  Show deals without it
                </Link>
              ) : null}
              <a href="#get-quote" className={buttonClasses("accent", "md")}>
                Ask for a quote
              </a>
            </div>
          </div>
        ) : (
          <div className={updating ? "opacity-60" : undefined}>
            <DealList offers={offers} search={comparison.search} firstAdded={comparison.offset > 0 ? (offers[comparison.offset]?.slug ?? null) : null} />
            {next ? (
              <div className="mt-6 flex justify-center">
                <Link
                  to={`${comparisonHref(comparison.search, `offset=${offers.length}`)}#deal-${next}`}
                  preventScrollReset
                  replace
                  className={buttonClasses("secondary", "md")}
                >
                  Show more deals
                </Link>
              </div>
            ) : offers.length < total ? (
              <p className="mt-6 text-center text-sm text-slate-700">{`Narrow your choices to see the other ${formatCount(total - offers.length)}.`}</p>
            ) : null}
          </div>
        )}
      </div>
    </Section>
  );
}
