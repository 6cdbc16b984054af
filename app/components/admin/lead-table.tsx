import { Link, useLocation } from "@remix-run/react";
import { Eye, Trash2 } from "lucide-react";
import { formatDateTime } from "~/lib/format";
import type { LeadSummary } from "~/lib/leads";
import { LeadStatusControl } from "./lead-status";

/** The leads table (SPEC section 2): Date, Company, Contact, Contact Info, Team Size, Status, Actions. */
export function LeadTable({ leads, canDelete }: { leads: LeadSummary[]; canDelete: boolean }) {
  const { search } = useLocation();
  if (leads.length === 0) {
    return <p className="px-6 py-12 text-center text-slate-600">No leads found</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Company</th>
            <th scope="col" className="px-4 py-3">Contact</th>
            <th scope="col" className="px-4 py-3">Contact Info</th>
            <th scope="col" className="px-4 py-3">Team Size</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {leads.map((lead) => (
            <tr key={lead.id} data-testid="lead-row" data-lead-id={lead.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
              </td>
              <td className="min-w-48 px-4 py-3">
                <span className="font-medium text-slate-900">{lead.company}</span>
                <span className="block whitespace-nowrap font-mono text-xs text-slate-600">{lead.reference}</span>
              </td>
              <td className="px-4 py-3">
                <span className="text-slate-900">
                  {lead.firstName} {lead.lastName}
                </span>
                {lead.jobTitle ? <span className="block text-xs text-slate-600">{lead.jobTitle}</span> : null}
              </td>
              <td className="px-4 py-3">
                <a href={`mailto:${lead.email}`} className="block text-brand-700 hover:underline">
                  {lead.email}
                </a>
                <a href={`tel:${lead.phoneNumber.replace(/\s/g, "")}`} className="block text-slate-700 hover:underline">
                  {lead.phoneNumber}
                </a>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{lead.teamSize}</td>
              <td className="px-4 py-3">
                <LeadStatusControl leadId={lead.id} status={lead.status} reference={lead.reference} />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  <Link
                    to={`/admin/leads/${lead.id}${search}`}
                    preventScrollReset
                    className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <Eye className="size-4" aria-hidden />
                    <span className="sr-only">View details of lead {lead.reference}</span>
                  </Link>
                  {canDelete ? (
                    <Link
                      to={`/admin/leads/${lead.id}/delete${search}`}
                      preventScrollReset
                      className="rounded-md p-2 text-red-700 hover:bg-red-50"
                    >
                      <Trash2 className="size-4" aria-hidden />
                      <span className="sr-only">Delete lead {lead.reference}</span>
                    </Link>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
