import type { ReactNode } from "react";
import { LEAD_STATUS_LABELS, type LeadStatus } from "~/lib/enums";
import { formatDateTime } from "~/lib/format";
import type { LeadActivityRow, LeadRow } from "~/services/database-types";
import { LeadStatusBadge } from "./lead-status";

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children || <span className="text-slate-500">Not given</span>}</dd>
    </>
  );
}

/** Everything known about a lead (SPEC section 2 "Lead Details", plus every wizard answer). */
export function LeadDetails({ lead }: { lead: Omit<LeadRow, "submissionToken"> }) {
  const status = (lead.status ?? "new") as LeadStatus;
  return (
    <div className="grid gap-5">
      <Facts title="Contact information">
        <Fact label="Name">
          {lead.firstName} {lead.lastName}
        </Fact>
        <Fact label="Email">
          <a href={`mailto:${lead.email}`} className="text-brand-700 hover:underline">
            {lead.email}
          </a>
        </Fact>
        <Fact label="Phone">
          <a href={`tel:${lead.phoneNumber.replace(/\s/g, "")}`} className="text-brand-700 hover:underline">
            {lead.phoneNumber}
          </a>
        </Fact>
        <Fact label="Job title">{lead.jobTitle}</Fact>
      </Facts>
      <Facts title="Company information">
        <Fact label="Company">{lead.companyName || lead.businessName}</Fact>
        <Fact label="Team size">{lead.teamSize}</Fact>
        <Fact label="Contract length">{lead.contractLength}</Fact>
        <Fact label="Status">
          <LeadStatusBadge status={status} /> <span className="sr-only">{LEAD_STATUS_LABELS[status]}</span>
        </Fact>
      </Facts>
      <Facts title="Quote answers">
        <Fact label="Reference">
          <span className="font-mono">{lead.reference}</span>
        </Fact>
        <Fact label="Business type">{lead.businessType}</Fact>
        <Fact label="Business name">{lead.businessName}</Fact>
        <Fact label="Postcode">{lead.postcode}</Fact>
        <Fact label="Contract ends">{lead.contractExpiry}</Fact>
        <Fact label="Came from">{lead.sourcePage === "api" ? "API" : lead.sourcePage}</Fact>
      </Facts>
      {lead.requirements ? (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Requirements</h3>
          <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm text-slate-800">{lead.requirements}</p>
        </section>
      ) : null}
    </div>
  );
}

/** Submitted, updated (only when different), and what staff did, oldest first. */
export function LeadTimeline({ lead, activity }: { lead: Pick<LeadRow, "createdAt" | "updatedAt">; activity: LeadActivityRow[] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Timeline</h3>
      <ol className="grid gap-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="lead-timeline">
        <li>
          <span className="font-medium text-slate-900">Submitted</span>{" "}
          <time dateTime={lead.createdAt} className="text-slate-600">
            {formatDateTime(lead.createdAt)}
          </time>
        </li>
        {activity.map((entry) => (
          <li key={entry.id} data-kind={entry.kind}>
            <p className="text-slate-800">
              {entry.kind === "note" ? (
                <>
                  <span className="font-medium text-slate-900">Note by {entry.actorName}</span>
                  <span className="block whitespace-pre-line">{entry.body}</span>
                </>
              ) : (
                <>
                  <span className="font-medium text-slate-900">{entry.body}</span> by {entry.actorName}
                </>
              )}
            </p>
            <time dateTime={entry.createdAt} className="text-slate-600">
              {formatDateTime(entry.createdAt)}
            </time>
          </li>
        ))}
        {lead.updatedAt !== lead.createdAt ? (
          <li>
            <span className="font-medium text-slate-900">Updated</span>{" "}
            <time dateTime={lead.updatedAt} className="text-slate-600">
              {formatDateTime(lead.updatedAt)}
            </time>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
