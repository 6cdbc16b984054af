import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/lib/enums";
import { SearchForm } from "./search-form";

/** The leads' search and status filter (SPEC section 2), in the URL. */
export function LeadFilters({ q, status }: { q: string; status?: string }) {
  return (
    <SearchForm
      action="/admin/leads"
      id="lead-search"
      label="Search leads"
      placeholder="Search by company, name, email, or phone..."
      q={q}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_12rem_auto]"
    >
      {(onChange) => (
        <div>
          <label htmlFor="lead-status-filter" className="sr-only">
            Filter by status
          </label>
          <select
            id="lead-status-filter"
            name="status"
            defaultValue={status ?? ""}
            onChange={onChange}
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          >
            <option value="">All Status</option>
            {LEAD_STATUSES.map((option) => (
              <option key={option} value={option}>
                {LEAD_STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      )}
    </SearchForm>
  );
}
