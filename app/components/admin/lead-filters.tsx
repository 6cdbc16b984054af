import { LEAD_ASSIGNMENT_FILTER_LABELS, LEAD_ASSIGNMENT_FILTERS, LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/lib/enums";
import { SearchForm } from "./search-form";

/** One filter of the list: a labelled select whose first option is "no filter". */
function FilterSelect<Value extends string>(props: {
  id: string;
  label: string;
  name: string;
  value?: string;
  allLabel: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  onChange: () => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value ?? ""}
        onChange={props.onChange}
        className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The leads' search, status filter (SPEC section 2) and owner filter, in the URL. */
export function LeadFilters({ q, status, assigned }: { q: string; status?: string; assigned?: string }) {
  return (
    <SearchForm
      action="/admin/leads"
      id="lead-search"
      label="Search leads"
      placeholder="Search by company, name, email, or phone..."
      q={q}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_11rem_11rem_auto]"
    >
      {(onChange) => (
        <>
          <FilterSelect
            id="lead-status-filter"
            label="Filter by status"
            name="status"
            value={status}
            allLabel="All Status"
            options={LEAD_STATUSES}
            labels={LEAD_STATUS_LABELS}
            onChange={onChange}
          />
          <FilterSelect
            id="lead-owner-filter"
            label="Filter by owner"
            name="assigned"
            value={assigned}
            allLabel="Anyone's leads"
            options={LEAD_ASSIGNMENT_FILTERS}
            labels={LEAD_ASSIGNMENT_FILTER_LABELS}
            onChange={onChange}
          />
        </>
      )}
    </SearchForm>
  );
}
