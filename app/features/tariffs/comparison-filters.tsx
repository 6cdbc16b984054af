import { Button } from "~/ui/button";
import { ChevronRight } from "~/ui/icons";
import { OPEN_FROM_SM } from "~/ui/folds";
import { COMPARISON_DATA_CHOICES, countFiltersSet, describeLines } from "./tariff-deal-words";
import type { TariffComparisonQuery } from "./tariff-comparison";
import {
  SORTS_NEEDING_A_TERM,
  TARIFF_LINES,
  TARIFF_NETWORKS,
  TARIFF_PLAN_TYPE_LABELS,
  TARIFF_PLAN_TYPES,
  TARIFF_SORT_LABELS,
  TARIFF_SORTS,
  TARIFF_TERMS,
} from "./tariffs";
import type { FieldErrors } from "~/lib/form-submission";
import { countOf } from "~/lib/plural";
import { cn } from "~/lib/cn";

const SELECT =
  "block h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 sm:text-sm";
const LINE_CHOICES = Array.from({ length: TARIFF_LINES.max - TARIFF_LINES.min + 1 }, (_, index) => TARIFF_LINES.min + index);
const DROPPED_LABELS: Record<string, string> = {
  lines: "Lines",
  network: "Network",
  minDataGb: "Minimum data",
  term: "Term",
  planType: "Plan type",
  fiveG: "5G",
  euRoaming: "EU roaming",
  sort: "Sort",
  start: "Start date",
  tariff: "Chosen deal",
  offset: "Show more deals",
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

/**
 * The comparison's choices, inside its GET form (deals-section.tsx), and what a link asked for that could not be used. On a phone they fold into one
 * "Filters (N)" control, N the filters set, so the first deal shows on the first screen; from `sm` up they show as they always did.
 */
export function ComparisonFilters({ query, today, dropped }: { query: TariffComparisonQuery; today: string; dropped: FieldErrors }) {
  // A whole-contract cost compares deals of one term: offered once a term is chosen.
  const sorts = TARIFF_SORTS.filter((sort) => query.term !== null || !SORTS_NEEDING_A_TERM.includes(sort));
  return (
    <>
      {/* On a phone the choices fold into one control, so the first deal shows on the first screen (a <details>: no JavaScript needed). */}
      <details className={cn("group", OPEN_FROM_SM)} data-testid="deals-filters">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-3 font-semibold text-slate-900 sm:hidden [&::-webkit-details-marker]:hidden">
          {`Filters (${countFiltersSet(query)})`}
          <ChevronRight className="size-5 text-slate-600 transition-transform group-open:rotate-90" aria-hidden />
        </summary>
        <div className="grid gap-4 px-5 pb-5 sm:grid-cols-2 sm:pt-5 lg:grid-cols-4">
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
            name="planType"
            label="Plan type"
            value={query.planType ?? ""}
            anyLabel="Any plan"
            choices={TARIFF_PLAN_TYPES.map((type) => ({ value: type, label: TARIFF_PLAN_TYPE_LABELS[type] }))}
          />
          <ComparisonSelect name="sort" label="Sort by" value={query.sort} choices={sorts.map((sort) => ({ value: sort, label: TARIFF_SORT_LABELS[sort] }))} />
          <fieldset className="grid content-end gap-2 sm:col-span-1">
            <legend className="sr-only">Must include</legend>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="fiveG"
                value="1"
                defaultChecked={query.fiveG}
                className="size-6 shrink-0 rounded border-slate-400 accent-brand-600"
              />
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
          {query.start !== today ? <input type="hidden" name="start" value={query.start} /> : null}
          <div className="flex items-end">
            <Button type="submit" variant="primary" className="w-full">
              Show deals
            </Button>
          </div>
        </div>
      </details>
      {Object.keys(dropped).length > 0 ? (
        <div className="px-5 pb-5 text-sm text-amber-900" data-testid="deals-dropped">
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
    </>
  );
}
