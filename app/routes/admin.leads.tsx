import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Inbox, Sparkles, Star } from "~/ui/icons";
import { LeadFilters } from "~/features/leads/lead-filters";
import { LEAD_STATUS_INTENT } from "~/features/leads/lead-status";
import { LeadTable } from "~/features/leads/lead-table";
import { LatestQuoteCell } from "~/features/quotes/quote-status-badge";
import { withLatestQuotes } from "~/features/quotes/quote-list.server";
import { CountCards, exportHref, ListHeader, ListPanel } from "~/ui/list-page";
import { useAdminUser } from "~/features/staff/admin-session";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { leadFiltersFromUrl, leadStatusChangeSchema } from "~/features/leads/leads-schema";
import { listedLead } from "~/features/leads/leads";
import { leadCounts, listLeads } from "~/features/leads/lead-list.server";
import { updateLeadStatus } from "~/features/leads/lead-workspace.server";
import { ModelError } from "~/platform/model-error.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { readFormFields } from "~/platform/request-body.server";
import { errorToast } from "~/lib/messages";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";
import { isSearched } from "~/lib/search-schema";

export const meta: MetaFunction = () => [{ title: "Leads | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  const filters = leadFiltersFromUrl(new URL(request.url));
  const [page, counts] = await Promise.all([listLeads(user, filters), leadCounts()]);
  const leads = await withLatestQuotes(page.leads);
  return json({ filters, page: { ...page, leads: leads.map(listedLead) }, counts });
}

/** The inline status change of a row. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const form = await readFormFields(request);
  const failed = (status: number, reason?: string) =>
    json({ toast: raiseToast(errorToast(reason ? `Failed to update lead status: ${reason}` : "Failed to update lead status")) }, { status });
  if (form.intent !== LEAD_STATUS_INTENT) return failed(400);
  const parsed = leadStatusChangeSchema.safeParse(form);
  const leadId = Number(form.leadId);
  if (!parsed.success || !Number.isSafeInteger(leadId)) return failed(400, parsed.success ? "unknown lead" : parsed.error.issues[0].message);
  try {
    await updateLeadStatus(user, leadId, parsed.data.status);
  } catch (error) {
    if (error instanceof ModelError) return failed(error.status, error.message);
    logger.error({ event: "lead.status_update_failed", err: error }, "Updating a lead's status failed");
    return failed(503);
  }
  return redirectWithToast(safeRedirectPath(form.redirectTo, "/admin/leads"), { kind: "success", title: "Lead status updated successfully" });
}

const CARDS = [
  { key: "total", label: "Total Leads", icon: Inbox },
  { key: "new", label: "New Leads", icon: Sparkles },
  { key: "qualified", label: "Qualified", icon: Star },
  { key: "converted", label: "Converted", icon: CheckCircle2 },
] as const;

export default function Leads() {
  const { filters, page, counts } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  return (
    <div className="grid gap-6">
      <ListHeader
        title="Leads"
        count={page.total}
        intro="Quote requests from the website, newest first."
        exportHref={exportHref("/admin/leads/export", { q: filters.q, status: filters.status, assigned: filters.assigned })}
      />
      <CountCards label="Lead totals" testId="lead-count" cards={CARDS.map((card) => ({ ...card, value: counts[card.key] }))} />
      <LeadFilters q={filters.q} status={filters.status} assigned={filters.assigned} />
      <ListPanel label="Leads" page={page.page} pageCount={page.pageCount} found={{ filtered: isSearched(filters), count: page.total, one: "lead" }}>
        <LeadTable leads={page.leads} canDelete={permissions.deleteLeads} latestQuote={(lead) => <LatestQuoteCell quote={lead.latestQuote} />} />
      </ListPanel>
      <Outlet />
    </div>
  );
}
