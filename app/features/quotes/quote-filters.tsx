import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "./quotes";
import { QUOTE_EXPIRING_FILTER, QUOTE_EXPIRING_LABEL, QUOTE_OWNER_UNASSIGNED, QUOTES_ADMIN_PATH } from "./quotes-screen";
import type { QuoteListFilters } from "./quote-list-schema";
import { FilterForm } from "~/ui/filter-select";

/** The Quotes screen's search and filters (status as of today, the lead's owner, expiring this week), in the URL. */
export function QuoteFilters({ filters, owners }: { filters: Omit<QuoteListFilters, "page">; owners: Array<{ id: string; name: string }> }) {
  const ownerLabels: Record<string, string> = { [QUOTE_OWNER_UNASSIGNED]: "Unassigned", ...Object.fromEntries(owners.map((owner) => [owner.id, owner.name])) };
  return (
    <FilterForm
      action={QUOTES_ADMIN_PATH}
      id="quote-search"
      label="Search quotes"
      placeholder="Search by reference or business..."
      q={filters.q}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 xl:grid-cols-[1fr_10rem_12rem_11rem_auto]"
      filters={[
        {
          id: "quote-status-filter",
          label: "Filter by status",
          name: "status",
          value: filters.status,
          allLabel: "All statuses",
          options: QUOTE_STATUSES,
          labels: QUOTE_STATUS_LABELS,
        },
        {
          id: "quote-owner-filter",
          label: "Filter by owner",
          name: "owner",
          value: filters.owner,
          allLabel: "Anyone's quotes",
          options: [QUOTE_OWNER_UNASSIGNED, ...owners.map((owner) => owner.id)],
          labels: ownerLabels,
        },
        {
          id: "quote-expiring-filter",
          label: "Filter by validity",
          name: "expiring",
          value: filters.expiring,
          allLabel: "Any validity",
          options: [QUOTE_EXPIRING_FILTER],
          labels: { [QUOTE_EXPIRING_FILTER]: QUOTE_EXPIRING_LABEL },
        },
      ]}
    />
  );
}
