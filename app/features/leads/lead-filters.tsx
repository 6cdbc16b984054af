import { FilterSelect } from "~/ui/filter-select";
import { SearchForm } from "~/ui/search-form";
import { LEAD_ASSIGNMENT_FILTERS, LEAD_ASSIGNMENT_FILTER_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS } from "./lead-lists";

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
