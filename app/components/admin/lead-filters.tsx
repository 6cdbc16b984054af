import { Form, useSubmit } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/lib/enums";

/**
 * Search and status filter as a GET form: the state lives in the URL, so it
 * works without JavaScript (press Search). With JavaScript the list follows
 * as you type.
 */
export function LeadFilters({ q, status }: { q: string; status?: string }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitSoon = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <Form
      ref={form}
      method="get"
      action="/admin/leads"
      role="search"
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_12rem_auto]"
    >
      <div className="relative">
        <label htmlFor="lead-search" className="sr-only">
          Search leads
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input
          id="lead-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Search by company, name, email, or phone..."
          onChange={() => submitSoon(250)}
          className="h-10 w-full rounded-md border border-slate-300 pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        />
      </div>
      <div>
        <label htmlFor="lead-status-filter" className="sr-only">
          Filter by status
        </label>
        <select
          id="lead-status-filter"
          name="status"
          defaultValue={status ?? ""}
          onChange={() => submitSoon(0)}
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
      <Button type="submit" variant="outline" size="sm" className="h-10">
        Search
      </Button>
    </Form>
  );
}
