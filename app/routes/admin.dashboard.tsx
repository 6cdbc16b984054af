import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Activity, AlarmClock, ArrowRight, Inbox, Percent, Settings, Timer, Users } from "~/ui/icons";
import { QuoteTiles } from "~/features/quotes/quote-tiles";
import { OrderTiles } from "~/features/orders/order-tiles";
import { orderFigures } from "~/features/orders/order-figures.server";
import { SignOutForm } from "~/features/staff/sign-out-form";
import { BarChart, ColumnChart } from "~/features/leads/figure-charts";
import { DeliveryProblemsPanel, DiskSpaceWarning, OverdueDataRequestsNotice } from "~/features/dashboard/dashboard-notices";
import { StaleTariffsNotice } from "~/features/tariffs/stale-tariffs-notice";
import { StatCard } from "~/ui/stat-card";
import { Avatar } from "~/ui/avatar";
import { CHANGE_PASSWORD_PATH } from "~/features/staff/admin-navigation";
import { useAdminUser } from "~/features/staff/admin-session";
import { fullName, initials } from "~/features/staff/admin-users";
import { can } from "~/features/staff/permissions";
import { formatDuration, type LeadFigures } from "~/features/leads/lead-figures";
import { dashboardFigures, deliveryProblems, quoteFigures, recentActivity } from "~/features/dashboard/dashboard.server";
import { leadFigures } from "~/features/leads/lead-figures.server";
import { countStaleTariffs } from "~/features/tariffs/tariffs.server";
import { countOverdueDataRequests } from "~/features/privacy/data-requests.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { diskSpaceLow } from "~/platform/disk-space.server";
import { formatCount, formatPercent } from "~/lib/money";
import { formatDateTime, formatDayAndMonth, ukDay } from "~/lib/calendar";
import { ADMIN_ROLE_LABELS } from "~/features/staff/admin-roles";
import { TARIFF_STALE_DAYS } from "~/features/tariffs/tariffs";
import { countOf } from "~/lib/plural";
import { welcomeBack } from "~/features/staff/staff-messages";

export const meta: MetaFunction = () => [{ title: "Dashboard | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const [figures, quotes, orders, charts, activity, webhookProblems, lowDiskSpace, staleTariffs, overdueDataRequests] = await Promise.all([
    dashboardFigures(),
    quoteFigures(),
    orderFigures(),
    leadFigures(),
    recentActivity(8),
    deliveryProblems(),
    diskSpaceLow(),
    countStaleTariffs(),
    // Only those who handle data protection are told of the register (managers are sent nothing of it).
    can(user.role, "manageDataProtection") ? countOverdueDataRequests(ukDay(new Date())) : 0,
  ]);
  return json({
    figures,
    quotes,
    orders,
    charts,
    activity,
    webhookProblems,
    lowDiskSpace,
    staleTariffs: { count: staleTariffs, staleDays: TARIFF_STALE_DAYS },
    overdueDataRequests,
  });
}

const LINK_CARDS = [
  { to: "/admin/quote-requests", title: "Quote Requests", description: "Work the leads from the quote form: search, update status and export.", icon: Inbox },
  { to: "/admin/users", title: "User Management", description: "Manage admin users, roles and access permissions.", icon: Users },
  { to: "/admin/settings", title: "Settings", description: "Portal settings.", icon: Settings },
] as const;

export default function Dashboard() {
  const { figures, quotes, orders, charts, activity, webhookProblems, lowDiskSpace, staleTariffs, overdueDataRequests } = useLoaderData<typeof loader>();
  const { user } = useAdminUser();
  const tiles = [
    { label: "Quote Requests", value: formatCount(figures.quoteRequests), icon: Inbox },
    { label: "Active Users", value: formatCount(figures.activeUsers), icon: Users },
    { label: "Conversion Rate", value: figures.conversionRate === null ? "—" : formatPercent(figures.conversionRate), icon: Percent },
    {
      label: `Median time to first contact (last ${countOf(charts.days, "day")})`,
      value: charts.medianMinutesToFirstContact === null ? "—" : formatDuration(charts.medianMinutesToFirstContact),
      icon: Timer,
    },
    { label: `Overdue Leads (new, not contacted within ${figures.responseHours} h)`, value: formatCount(figures.overdueLeads), icon: AlarmClock },
  ];
  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-4">
          <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} label={fullName(user)} size="lg" />
          <div>
            <p className="font-semibold text-slate-900" data-testid="dashboard-user-name">
              {fullName(user)}
            </p>
            <p className="text-sm text-slate-600">{ADMIN_ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4 text-sm font-medium text-brand-700">
          <Link to={CHANGE_PASSWORD_PATH} className="inline-flex min-h-6 items-center underline underline-offset-2">
            Change password
          </Link>
          <SignOutForm variant="link" label="Sign out" className="underline underline-offset-2" />
        </div>
      </header>

      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{welcomeBack(user)}</h1>
        <p className="mt-1 text-slate-600">Here&apos;s what&apos;s happening with your quote requests.</p>
      </div>

      {lowDiskSpace ? <DiskSpaceWarning space={lowDiskSpace} /> : null}
      {webhookProblems ? <DeliveryProblemsPanel problems={webhookProblems} /> : null}
      {staleTariffs.count > 0 ? <StaleTariffsNotice {...staleTariffs} /> : null}
      {overdueDataRequests > 0 ? <OverdueDataRequestsNotice count={overdueDataRequests} /> : null}

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {tiles.map((tile) => (
          <StatCard key={tile.label} label={tile.label} value={tile.value} icon={tile.icon} testId="dashboard-tile" />
        ))}
      </section>

      <QuoteTiles quotes={quotes} />

      <OrderTiles orders={orders} />

      <LeadCharts charts={charts} />

      <section aria-labelledby="shortcuts-heading" className="grid gap-4">
        <h2 id="shortcuts-heading" className="sr-only">
          Shortcuts
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {LINK_CARDS.map((card) => (
            <Link
              key={card.to}
              to={card.to}
              className="group grid content-start gap-2 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              <card.icon className="size-6 text-brand-600" aria-hidden />
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                {card.title}
                <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
              </span>
              <span className="text-sm text-slate-600">{card.description}</span>
            </Link>
          ))}
        </div>
      </section>

      <section aria-labelledby="activity-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="activity-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Activity className="size-5 text-brand-600" aria-hidden /> Recent Activity
        </h2>
        {activity.length === 0 ? (
          <p className="mt-4 text-slate-600">No recent activity to display</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="recent-activity">
            {activity.map((entry) => (
              <li key={entry.key} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
                <span className="text-slate-800">
                  <strong className="font-semibold">{entry.who}</strong>{" "}
                  {entry.href ? (
                    <Link to={entry.href} className="underline underline-offset-2 hover:text-brand-700">
                      {lowerFirst(entry.summary)}
                    </Link>
                  ) : (
                    lowerFirst(entry.summary)
                  )}
                </span>
                <time dateTime={entry.at} className="text-slate-600">
                  {formatDateTime(entry.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The lead charts (server-drawn SVG, each with its table). */
function LeadCharts({ charts }: { charts: LeadFigures }) {
  const period = `the last ${countOf(charts.days, "day")}`;
  const total = charts.leadsPerDay.reduce((sum, day) => sum + day.value, 0);
  const describe = (what: string, bars: { label: string; value: number }[]) =>
    `${what} in ${period}: ${bars.map((bar) => `${bar.label} ${formatCount(bar.value)}`).join(", ")}.`;
  return (
    <section aria-labelledby="lead-charts-heading" className="grid gap-4" data-testid="lead-charts">
      <h2 id="lead-charts-heading" className="text-lg font-semibold text-slate-900">
        Leads in {period}
      </h2>
      <ColumnChart
        title="New leads per day"
        summary={`${countOf(total, "new lead")} in ${period}, from ${formatDayAndMonth(charts.leadsPerDay[0].label)} to ${formatDayAndMonth(charts.leadsPerDay.at(-1)!.label)}. The table below the chart gives each day.`}
        bars={charts.leadsPerDay}
        labelHeading="Day"
        valueHeading="New leads"
        formatLabel={formatDayAndMonth}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title="Leads by status"
          summary={describe("Leads by status", charts.byStatus)}
          bars={charts.byStatus}
          labelHeading="Status"
          valueHeading="Leads"
        />
        <BarChart
          title="Leads by team size"
          summary={describe("Leads by team size", charts.byTeamSize)}
          bars={charts.byTeamSize}
          labelHeading="Team size"
          valueHeading="Leads"
        />
        <BarChart
          title="Leads by source page"
          summary={describe("Leads by the page they were sent from", charts.bySourcePage)}
          bars={charts.bySourcePage}
          labelHeading="Page"
          valueHeading="Leads"
        />
        <BarChart
          title="Quote wizard funnel"
          summary={describe("Answers reaching each step of the quote wizard", charts.funnel)}
          bars={charts.funnel}
          labelHeading="Step reached"
          valueHeading="Answers"
        />
      </div>
    </section>
  );
}
