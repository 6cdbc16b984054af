import { useFetcher, useLocation } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { LEAD_STATUS_COLOURS, type StaffLead } from "./leads";
import type { Toast } from "~/lib/messages";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, RENEWAL_SOURCE_PAGE, type LeadStatus } from "./lead-lists";

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", LEAD_STATUS_COLOURS[status])}>
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

/** Marked in words, not colour alone: a lead that waited past the response target. */
export function OverdueBadge() {
  return (
    <span data-testid="lead-overdue" className="inline-flex rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      Overdue
    </span>
  );
}

/** A lead the renewals job made: its customer's contracts end soon. */
export function RenewalBadge() {
  return (
    <span data-testid="lead-renewal" className="inline-flex rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
      Renewal
    </span>
  );
}

/** Under a row's status: whether it is overdue or a renewal, and who owns it. */
export function LeadFollowUp({ lead }: { lead: Pick<StaffLead, "overdue" | "assignedTo" | "sourcePage"> }) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
      {lead.overdue ? <OverdueBadge /> : null}
      {lead.sourcePage === RENEWAL_SOURCE_PAGE ? <RenewalBadge /> : null}
      <span data-testid="lead-owner">{lead.assignedTo ? lead.assignedTo.name : "Unassigned"}</span>
    </div>
  );
}

export const LEAD_STATUS_INTENT = "update-status";

/**
 * The inline status control of a lead's row. Without JavaScript: a select
 * and an Update button. With it: the change is sent as soon as a status is
 * picked and shown at once, going back if the server refuses.
 */
export function LeadStatusControl({ leadId, status, reference }: { leadId: number; status: LeadStatus; reference: string }) {
  const fetcher = useFetcher<{ toast?: Toast }>({ key: `lead-status-${leadId}` });
  const location = useLocation();
  const pending = fetcher.formData?.get("status");
  const shown = (typeof pending === "string" ? pending : status) as LeadStatus;
  const selectId = `lead-status-${leadId}`;
  return (
    <fetcher.Form method="post" action={`/admin/leads${location.search}`} preventScrollReset className="flex max-w-36 flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={LEAD_STATUS_INTENT} />
      <input type="hidden" name="leadId" value={leadId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={selectId} className="sr-only">{`Status of lead ${reference}`}</label>
      <select
        id={selectId}
        name="status"
        value={shown}
        data-status={shown}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { method: "post", preventScrollReset: true })}
        className={cn(
          "rounded-full border-0 py-1 pr-7 pl-2.5 text-xs font-semibold ring-1 ring-inset focus:outline-2 focus:outline-brand-600",
          LEAD_STATUS_COLOURS[shown],
        )}
      >
        {LEAD_STATUSES.map((option) => (
          <option key={option} value={option}>
            {LEAD_STATUS_LABELS[option]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50">
          Update
        </button>
      </noscript>
    </fetcher.Form>
  );
}
