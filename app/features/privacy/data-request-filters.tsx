import { Form } from "@remix-run/react";
import { useRef } from "react";
import { Button } from "~/ui/button";
import {
  DATA_REQUEST_OVERDUE_FILTER,
  DATA_REQUEST_OVERDUE_LABEL,
  DATA_REQUEST_STATUS_LABELS,
  DATA_REQUEST_STATUSES,
  DATA_REQUESTS_PATH,
} from "./data-protection";
import type { DataRequestListFilters } from "./data-requests-schema";
import { FilterSelect } from "~/ui/filter-select";
import { useSubmitSoon } from "~/ui/search-form";

/** The register's filters in the URL (`?status=&overdue=yes`): a GET form, so they work without JavaScript (press Filter). */
export function DataRequestFilters({ filters }: { filters: Omit<DataRequestListFilters, "page"> }) {
  const form = useRef<HTMLFormElement>(null);
  const submitSoon = useSubmitSoon(form);
  return (
    <Form
      ref={form}
      method="get"
      action={DATA_REQUESTS_PATH}
      aria-label="Filter requests"
      className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="w-48">
        <FilterSelect
          id="data-request-status-filter"
          label="Filter by status"
          name="status"
          value={filters.status}
          allLabel="All statuses"
          options={DATA_REQUEST_STATUSES}
          labels={DATA_REQUEST_STATUS_LABELS}
          onChange={() => submitSoon(0)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name="overdue"
          value={DATA_REQUEST_OVERDUE_FILTER}
          defaultChecked={filters.overdue === DATA_REQUEST_OVERDUE_FILTER}
          onChange={() => submitSoon(0)}
          className="size-6 rounded border-slate-400 accent-brand-600"
        />
        {DATA_REQUEST_OVERDUE_LABEL}
      </label>
      <Button type="submit" variant="outline" size="toolbar">
        Filter
      </Button>
    </Form>
  );
}
