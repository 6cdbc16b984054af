import type { ListedLead } from "./leads";
import type { ReactNode } from "react";
import { LeadFollowUp, LeadStatusControl } from "./lead-status";
import { EmptyList, ListTable } from "~/ui/list-page";
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
    <ListTable columns={COLUMNS}>
      {leads.map((lead) => (
        <tr key={lead.id} data-testid="lead-row" data-lead-id={lead.id}>
          <td className="px-3 py-3 text-slate-700">
            <time dateTime={lead.createdAt} className="block min-w-24">
              {formatDateTime(lead.createdAt)}
            </time>
          </td>
          <td className="min-w-40 px-3 py-3">
            <span className="font-medium text-slate-900">{lead.companyName}</span>
            <span className="block font-mono text-xs whitespace-nowrap text-slate-600">{lead.reference}</span>
          </td>
          <td className="px-3 py-3">
            <span className="text-slate-900">{`${lead.firstName} ${lead.lastName}`}</span>
            {lead.jobTitle ? <span className="block text-xs text-slate-600">{lead.jobTitle}</span> : null}
          </td>
          <td className="max-w-64 px-3 py-3 break-words">
            <a href={`mailto:${lead.email}`} className="block text-brand-700 hover:underline">
              {lead.email}
            </a>
            <a href={`tel:${lead.phoneNumber.replace(/\s/g, "")}`} className="block text-slate-700 hover:underline">
              {lead.phoneNumber}
            </a>
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{lead.teamSize}</td>
          <td className="px-3 py-3">
            <LeadStatusControl leadId={lead.id} status={lead.status} reference={lead.reference} />
            <LeadFollowUp lead={lead} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap" data-testid="lead-latest-quote">
            {latestQuote(lead)}
          </td>
          <td className="px-3 py-3">
            <RowActions
              path={`/admin/leads/${lead.id}`}
              viewLabel={`View details of lead ${lead.reference}`}
              deleteLabel={`Delete lead ${lead.reference}`}
              canDelete={canDelete}
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
