import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { Button, buttonClasses } from "~/ui/button";
import { COMPARISON_DATA_CHOICES, comparisonHref, describeLines, type DealsComparison } from "./tariff-deal-words";
import { TARIFF_LINES, TARIFF_NETWORKS, TARIFF_SORT_LABELS, TARIFF_SORTS, TARIFF_TERMS } from "./tariffs";
import { DealList } from "./deal-list-part";
import { countOf, plural } from "~/lib/plural";
import { formatCount } from "~/lib/money";

const PAGE = "/business-mobile";
const SELECT =
  "block h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 sm:text-sm";
const LINE_CHOICES = Array.from({ length: TARIFF_LINES.max - TARIFF_LINES.min + 1 }, (_, index) => TARIFF_LINES.min + index);
const DROPPED_LABELS: Record<string, string> = {
  lines: "Lines",
  network: "Network",
  minDataGb: "Minimum data",
  term: "Term",
  fiveG: "5G",
  euRoaming: "EU roaming",
  sort: "Sort",
  start: "Start date",
  tariff: "Chosen deal",
};

interface ComparisonSelectProps {
  name: string;
  label: string;
  value: string;
  /** The first option, choosing no filter (value ""); none for a choice that always has a value. */
  anyLabel?: string;
  choices: Array<{ value: string; label: string }>;
}

/** One of the comparison's choices: a labelled select whose id follows its name. */
function ComparisonSelect({ name, label, value, anyLabel, choices }: ComparisonSelectProps) {
  const id = `deals-${name}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className={SELECT} name={name} defaultValue={value}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function countWords(total: number, shown: number): string {
  if (total === 0) return "No deals fit your choices";
  const fit = `${countOf(total, "deal")} ${plural(total, "fits", "fit")}`;
  if (shown < total) return `${fit}: showing the ${formatCount(shown)} first. Narrow your choices to see others.`;
  return `${fit} your choices`;
}

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
  const updating = navigation.state === "loading" && navigation.location.pathname === PAGE && navigation.location.hash === "";

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
        action={`${PAGE}#deals`}
        onSubmit={update}
        onChange={(event) => event.currentTarget.requestSubmit()}
        className="mx-auto mt-10 grid max-w-5xl gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Compare deals"
      >
        <ComparisonSelect
          name="lines"
          label="How many lines"
          value={String(query.lines)}
          choices={LINE_CHOICES.map((lines) => ({ value: String(lines), label: describeLines(lines) }))}
        />
        <ComparisonSelect
          name="network"
          label="Network"
          value={query.network ?? ""}
          anyLabel="Any network"
          choices={TARIFF_NETWORKS.map((network) => ({ value: network, label: network }))}
        />
        <ComparisonSelect
          name="minDataGb"
          label="Minimum data"
          value={query.minDataGb === null ? "" : String(query.minDataGb)}
          anyLabel="Any amount"
          choices={COMPARISON_DATA_CHOICES.map((gb) => ({ value: String(gb), label: `${gb}GB or more` }))}
        />
        <ComparisonSelect
          name="term"
          label="Contract term"
          value={query.term === null ? "" : String(query.term)}
          anyLabel="Any term"
          choices={TARIFF_TERMS.map((term) => ({ value: String(term), label: term === 1 ? "1 month (rolling)" : countOf(term, "month") }))}
        />
        <ComparisonSelect
          name="sort"
          label="Sort by"
          value={query.sort}
          choices={TARIFF_SORTS.map((sort) => ({ value: sort, label: TARIFF_SORT_LABELS[sort] }))}
        />
        <fieldset className="grid content-end gap-2 sm:col-span-1 lg:col-span-2">
          <legend className="sr-only">Must include</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="fiveG" value="1" defaultChecked={query.fiveG} className="size-6 shrink-0 rounded border-slate-400 accent-brand-600" />
            5G
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="euRoaming"
              value="1"
              defaultChecked={query.euRoaming}
              className="size-6 shrink-0 rounded border-slate-400 accent-brand-600"
            />
            EU roaming included
          </label>
        </fieldset>
        {query.start !== comparison.today ? <input type="hidden" name="start" value={query.start} /> : null}
        <div className="flex items-end">
          <Button type="submit" variant="primary" className="w-full">
            Show deals
          </Button>
        </div>
        {Object.keys(dropped).length > 0 ? (
          <div className="text-sm text-amber-900 sm:col-span-2 lg:col-span-4" data-testid="deals-dropped">
            <p className="font-semibold">Some of the link's choices could not be used, so the defaults are shown instead:</p>
            <ul className="list-disc pl-5">
              {Object.entries(dropped).map(([name, message]) => (
                <li key={name}>
                  {DROPPED_LABELS[name] ?? name}: {message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
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
            <DealList offers={offers} search={comparison.search} />
          </div>
        )}
      </div>
    </Section>
  );
}
