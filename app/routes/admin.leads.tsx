import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { CheckCircle2, Download, Inbox, Sparkles, Star } from "lucide-react";
import { LeadFilters } from "~/components/admin/lead-filters";
import { LEAD_STATUS_INTENT } from "~/components/admin/lead-status";
import { LeadTable } from "~/components/admin/lead-table";
import { buttonClasses } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { useAdminUser } from "~/lib/admin-session";
import { formatCount } from "~/lib/format";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { leadFiltersFromUrl, leadStatusChangeSchema } from "~/lib/schemas/leads";
import { leadCounts, listLeads, updateLeadStatus } from "~/models/lead-workspace.server";
import { ModelError } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/services/auth.server";
import { raiseToast, redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Leads | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const filters = leadFiltersFromUrl(new URL(request.url));
  const [page, counts] = await Promise.all([listLeads(filters), leadCounts()]);
  return json({ filters, page, counts });
}

/** The inline status change of a row. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const form = Object.fromEntries(await request.formData());
  const failed = (status: number, reason?: string) =>
    json({ toast: raiseToast({ kind: "destructive", title: "Error", description: reason ? `Failed to update lead status: ${reason}` : "Failed to update lead status" }) }, { status });
  if (form.intent !== LEAD_STATUS_INTENT) return failed(400);
  const parsed = leadStatusChangeSchema.safeParse(form);
  const leadId = Number(form.leadId);
  if (!parsed.success || !Number.isSafeInteger(leadId)) return failed(400, parsed.success ? "unknown lead" : parsed.error.issues[0].message);
  try {
    await updateLeadStatus(user, leadId, parsed.data.status);
  } catch (error) {
    if (error instanceof ModelError) return failed(error.status, error.message);
    console.error("Updating a lead's status failed:", error);
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
  const { search } = useLocation();
  const exportQuery = new URLSearchParams();
  if (filters.q) exportQuery.set("q", filters.q);
  if (filters.status) exportQuery.set("status", filters.status);
  const exportHref = `/admin/leads/export${exportQuery.size ? `?${exportQuery}` : ""}`;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Leads ({formatCount(page.total)})</h1>
          <p className="mt-1 text-slate-600">Quote requests from the website, newest first.</p>
        </div>
        <a href={exportHref} download className={buttonClasses("outline", "md")}>
          <Download className="size-4" aria-hidden /> Export CSV
        </a>
      </div>

      <section aria-label="Lead totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="lead-count">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <card.icon className="size-5 text-brand-600" aria-hidden />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900">{formatCount(counts[card.key])}</p>
          </div>
        ))}
      </section>

      <LeadFilters q={filters.q} status={filters.status} />

      <section aria-label="Leads" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <LeadTable leads={page.leads} canDelete={permissions.deleteLeads} />
        {page.pageCount > 1 ? (
          <div className="border-t border-slate-200 px-4 py-3">
            <Pagination page={page.page} pageCount={page.pageCount} search={search} />
          </div>
        ) : null}
      </section>
      <Outlet />
    </div>
  );
}
