import { LEAD_STATUS_LABELS } from "~/lib/enums";
import { formatDateTime } from "~/lib/format";
import type { Lead } from "~/lib/leads";
import type { LeadActivityRow } from "~/services/database-types";
import { Fact, Facts, WrittenText } from "./facts";
import { LeadStatusBadge } from "./lead-status";

/** Everything known about a lead (SPEC section 2 "Lead Details", plus every wizard answer). */
export function LeadDetails({ lead }: { lead: Lead }) {
  const { status } = lead;
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
        <Fact label="Company">{lead.companyName}</Fact>
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
      {lead.requirements ? <WrittenText title="Requirements">{lead.requirements}</WrittenText> : null}
    </div>
  );
}

/** Submitted, updated (only when different), and what staff did, oldest first. */
export function LeadTimeline({ lead, activity }: { lead: Pick<Lead, "createdAt" | "updatedAt">; activity: LeadActivityRow[] }) {
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
