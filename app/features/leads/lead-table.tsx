import type { ListedLead } from "./leads";
import type { ReactNode } from "react";
import { LeadFollowUp, LeadStatusControl } from "./lead-status";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { RowActions } from "~/ui/row-actions";

import { formatDateTime } from "~/lib/calendar";

const COLUMNS = ["Date", "Company", "Contact", "Contact Info", "Team Size", "Status", "Quote", "Actions"];

/**
 * The leads table (SPEC section 2): Date, Company, Contact, Contact Info, Team Size, Status, then the latest quote, Actions.
 * The quote column is the quotes' to draw (`latestQuote`), so a lead knows nothing of quotes.
 */
export function LeadTable<Lead extends ListedLead>({
  leads,
  canDelete,
  latestQuote,
}: {
  leads: Lead[];
  canDelete: boolean;
  latestQuote: (lead: Lead) => ReactNode;
}) {
  if (leads.length === 0) return <EmptyList>No leads found</EmptyList>;
  return (
    <ListTable columns={COLUMNS} stacked>
      {leads.map((lead) => (
        <tr key={lead.id} data-testid="lead-row" data-lead-id={lead.id}>
          <ListCell label="Date" className="text-slate-700">
            <time dateTime={lead.createdAt} className="block min-w-24">
              {formatDateTime(lead.createdAt)}
            </time>
          </ListCell>
          <ListCell label="Company" className="min-w-40">
            <span className="font-medium text-slate-900">{lead.companyName}</span>
            <span className="block font-mono text-xs whitespace-nowrap text-slate-600">{lead.reference}</span>
          </ListCell>
          <ListCell label="Contact">
            <span className="text-slate-900">{`${lead.firstName} ${lead.lastName}`}</span>
            {lead.jobTitle ? <span className="block text-xs text-slate-600">{lead.jobTitle}</span> : null}
          </ListCell>
          <ListCell label="Contact Info" className="max-w-56 break-words">
            <a href={`mailto:${lead.email}`} className="block py-0.5 text-brand-700 hover:underline">
              {lead.email}
            </a>
            <a href={`tel:${lead.phoneNumber.replace(/\s/g, "")}`} className="block py-0.5 text-slate-700 hover:underline">
              {lead.phoneNumber}
            </a>
          </ListCell>
          <ListCell label="Team Size" className="whitespace-nowrap text-slate-700">
            {lead.teamSize}
          </ListCell>
          <ListCell label="Status">
            <LeadStatusControl leadId={lead.id} status={lead.status} reference={lead.reference} />
            <LeadFollowUp lead={lead} />
          </ListCell>
          <ListCell label="Quote" className="min-w-28" data-testid="lead-latest-quote">
            {latestQuote(lead)}
          </ListCell>
          <ListCell label="Actions">
            <RowActions
              path={`/admin/leads/${lead.id}`}
              viewLabel={`View details of lead ${lead.reference}`}
              deleteLabel={`Delete lead ${lead.reference}`}
              canDelete={canDelete}
            />
          </ListCell>
        </tr>
      ))}
    </ListTable>
  );
}
