import { Form, Link, useLocation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { Select } from "~/ui/field";
import { ATTRIBUTION_FIELDS, ATTRIBUTION_LABELS, type Attribution } from "./attribution";
import type { LeadMarketing } from "./consent";
import { DUPLICATE_WINDOW_DAYS, type LeadAssignee, type PossibleDuplicate, type StaffLead } from "./leads";
import { Fact, Facts, WrittenText } from "~/ui/facts";
import { LeadDeal } from "./lead-deal";
import { LeadStatusBadge, OverdueBadge, RenewalBadge } from "./lead-status";
import { formatDateTime } from "~/lib/calendar";
import { contractExpiryForStaff, LEAD_STATUS_LABELS, RENEWAL_SOURCE_PAGE } from "./lead-lists";
import type { LeadActivityRow } from "./lead-tables";
import { countOf, plural } from "~/lib/plural";

export const LEAD_ASSIGN_INTENT = "assign";

/**
 * Who owns the lead, and the form to change it: admins pick anyone active
 * (or nobody); a manager may take an unowned lead or give back their own.
 */
export function LeadOwner({
  lead,
  me,
  staff,
  canAssignAnyone,
  canTake,
  saving,
}: {
  lead: Pick<StaffLead, "assignedTo" | "reference">;
  me: string;
  /** Active staff, for admins; empty for managers. */
  staff: LeadAssignee[];
  canAssignAnyone: boolean;
  canTake: boolean;
  saving: boolean;
}) {
  const owner = lead.assignedTo;
  const mine = owner?.id === me;
  return (
    <section className="grid gap-2" aria-labelledby="lead-owner-heading">
      <h3 id="lead-owner-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Owner
      </h3>
      <p className="text-sm text-slate-900" data-testid="lead-owner-detail">
        {owner ? `Assigned to ${owner.name}` : "Unassigned"}
      </p>
      {canAssignAnyone ? (
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value={LEAD_ASSIGN_INTENT} />
          <div className="grid gap-1.5">
            <label htmlFor="lead-assignee" className="text-sm font-medium text-slate-800">
              Assign to
            </label>
            <Select id="lead-assignee" name="assignedTo" defaultValue={owner?.id ?? ""} key={owner?.id ?? ""} compact className="min-w-56">
              <option value="">Unassigned</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" size="sm" variant="outline" disabled={saving}>
            Save owner
          </Button>
        </Form>
      ) : canTake && (!owner || mine) ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={LEAD_ASSIGN_INTENT} />
          <input type="hidden" name="assignedTo" value={mine ? "" : me} />
          <Button type="submit" size="sm" variant="outline" disabled={saving}>
            {mine ? "Unassign me" : "Assign to me"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** Other leads from the same email or phone within 30 days: links, so staff can compare them. */
export function PossibleDuplicates({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const { search } = useLocation();
  if (duplicates.length === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200"
      data-testid="possible-duplicates"
      aria-labelledby="possible-duplicates-heading"
    >
      <h3 id="possible-duplicates-heading" className="text-sm font-semibold text-amber-900">
        {`Possible ${plural(duplicates.length, "duplicate")}: same email or phone within ${countOf(DUPLICATE_WINDOW_DAYS, "day")}`}
      </h3>
      <ul className="grid gap-1 text-sm">
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            <Link to={`/admin/leads/${duplicate.id}${search}`} preventScrollReset className="font-medium text-brand-700 underline underline-offset-2">
              {`${duplicate.reference}: ${duplicate.companyName}`}
            </Link>{" "}
            <time dateTime={duplicate.createdAt} className="text-slate-600">
              {formatDateTime(duplicate.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everything known about a lead (SPEC section 2 "Lead Details", plus every wizard answer). */
const CONSENT_LABELS: Record<LeadMarketing["consent"], string> = {
  given: "Given",
  "not given": "Not given",
  withdrawn: "Withdrawn",
};

/** Whether the lead may be sent marketing email (PECR), and the consent's proof. */
function LeadMarketingFacts({ marketing }: { marketing: LeadMarketing }) {
  const { record } = marketing;
  return (
    <Facts title="Marketing">
      <Fact label="Marketing email consent">
        <span data-testid="lead-marketing-consent">{CONSENT_LABELS[marketing.consent]}</span>
        {record ? ` (${formatDateTime(record.withdrawnAt ?? record.givenAt)})` : null}
      </Fact>
      <Fact label="PECR subscriber">{marketing.subscriberKind}</Fact>
      {record ? (
        <Fact label="Consent wording">
          &ldquo;{record.wording}&rdquo; (version {record.wordingVersion}, on {record.page})
        </Fact>
      ) : null}
    </Facts>
  );
}

/** The UTM parameters, referring site and pages the lead recorded (docs/privacy-operations.md says which, with consent and without). */
function LeadAttributionFacts({ attribution }: { attribution: Attribution }) {
  return (
    <Facts title="Where it came from">
      {ATTRIBUTION_FIELDS.map((field) => (
        <Fact key={field} label={ATTRIBUTION_LABELS[field]}>
          <span data-testid={`lead-attribution-${field}`} className={attribution[field] ? undefined : "text-slate-500"}>
            {attribution[field] ?? "Not recorded"}
          </span>
        </Fact>
      ))}
    </Facts>
  );
}

export function LeadDetails({ lead, marketing }: { lead: StaffLead; marketing: LeadMarketing | null }) {
  const { status } = lead;
  return (
    <div className="grid gap-5">
      <Facts title="Contact information">
        <Fact label="Name">
          {lead.firstName} {lead.lastName}
        </Fact>
        <Fact label="Email">
          <a href={`mailto:${lead.email}`} className="inline-block py-0.5 text-brand-700 hover:underline">
            {lead.email}
          </a>
        </Fact>
        <Fact label="Phone">
          <a href={`tel:${lead.phoneNumber.replace(/\s/g, "")}`} className="inline-block py-0.5 text-brand-700 hover:underline">
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
          {lead.overdue ? (
            <>
              {" "}
              <OverdueBadge />
            </>
          ) : null}
        </Fact>
        <Fact label="First contacted">{lead.firstContactedAt ? formatDateTime(lead.firstContactedAt) : null}</Fact>
      </Facts>
      <Facts title="Quote answers">
        <Fact label="Reference">
          <span className="font-mono">{lead.reference}</span>
        </Fact>
        <Fact label="Business type">{lead.businessType}</Fact>
        <Fact label="Business name">{lead.businessName}</Fact>
        <Fact label="Postcode">{lead.postcode}</Fact>
        <Fact label="Contract ends">{contractExpiryForStaff(lead.contractExpiry)}</Fact>
        <Fact label="Came from">
          {lead.sourcePage === RENEWAL_SOURCE_PAGE ? (
            <>
              <RenewalBadge /> its customer&apos;s contracts end soon
            </>
          ) : lead.sourcePage === "api" ? (
            "API"
          ) : (
            lead.sourcePage
          )}
        </Fact>
      </Facts>
      <LeadAttributionFacts attribution={lead.attribution} />
      {marketing ? <LeadMarketingFacts marketing={marketing} /> : null}
      {lead.requirements ? <WrittenText title="Requirements">{lead.requirements}</WrittenText> : null}
      <LeadDeal lead={lead} />
    </div>
  );
}

/**
 * Submitted, what was done, oldest first, and Updated (the spec's "only if different from submitted"). Every change staff or the customer make writes its own
 * entry at the moment the lead is updated, so Updated is shown only for a change with no entry of its own: never the same change twice.
 */
export function LeadTimeline({ lead, activity }: { lead: Pick<StaffLead, "createdAt" | "updatedAt">; activity: LeadActivityRow[] }) {
  const updateListed = activity.some((entry) => entry.createdAt === lead.updatedAt);
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Timeline</h3>
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
        {lead.updatedAt !== lead.createdAt && !updateListed ? (
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
