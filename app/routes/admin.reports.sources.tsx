import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SOURCE_REPORT_GROUP_LABELS, SOURCE_REPORT_GROUPS, SOURCE_REPORT_MAX_DAYS, sourceReportQuerySchema } from "~/features/reports";
import { sourcesPerWeek, sourcesReport } from "~/features/reports/index.server";
import { ColumnChart } from "~/features/leads/figure-charts";
import { SourcesTable } from "~/features/reports/sources-table";
import { SpendLink } from "~/features/reports/spend-screen";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { formatCalendarDay, formatDayAndMonth } from "~/lib/calendar";
import { countOf } from "~/lib/plural";
import { parseWithSchema } from "~/lib/form-submission";
import { ModelError } from "~/platform/model-error.server";
import { Button, buttonClasses } from "~/ui/button";
import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input, Select } from "~/ui/field";
import { Download } from "~/ui/icons";
import { exportHref } from "~/ui/list-page";

export const meta: MetaFunction = () => [{ title: "Sources | Administration Portal" }];

const FIELD_IDS = { from: "sources-from", to: "sources-to", group: "sources-group" } as const;

/**
 * The Sources report (issue 41) for every signed-in staff member, as the JSON route: a GET form of period and grouping, the same schema. A bad value is a 400
 * page with the field's message at the field and in the error summary, as the JSON route's 400 (a filter that fell back silently would mislead a decision).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "view", signedOut: "login" });
  const values = Object.fromEntries(new URL(request.url).searchParams);
  const shown = { from: values.from ?? "", to: values.to ?? "", group: values.group ?? "" };
  const parsed = parseWithSchema(sourceReportQuerySchema, values);
  if (!parsed.success) return json({ values: shown, fieldErrors: parsed.fieldErrors, report: null, weeks: [] }, { status: 400 });
  try {
    const report = await sourcesReport(parsed.data);
    const weeks = await sourcesPerWeek(report);
    return json({ values: { from: report.from, to: report.to, group: report.group }, fieldErrors: {}, report, weeks });
  } catch (error) {
    if (error instanceof ModelError && error.status === 400 && error.field) {
      return json({ values: shown, fieldErrors: { [error.field]: error.message }, report: null, weeks: [] }, { status: 400 });
    }
    throw error;
  }
}

export default function Sources() {
  const { values, fieldErrors, report, weeks } = useLoaderData<typeof loader>();
  const errors: Partial<Record<keyof typeof FIELD_IDS, string>> = fieldErrors;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sources</h1>
          <p className="mt-1 text-slate-600">
            Where the period&apos;s visits and leads came from, how many leads were sent a quote, accepted one and went live, whenever that happened, and what
            each cost. Most value won first.
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Enter what was spent on the <SpendLink /> screen.
          </p>
        </div>
        {report ? (
          <a href={exportHref("/admin/reports/sources/export", values)} download className={buttonClasses("outline", "md")}>
            <Download className="size-4" aria-hidden /> Export CSV
          </a>
        ) : null}
      </div>
      <ErrorSummary answer={{ fieldErrors }} fields={FIELD_IDS} />
      <Form method="get" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" noValidate>
        <Field id={FIELD_IDS.from} label="First day" error={errors.from} hint={`At most ${SOURCE_REPORT_MAX_DAYS} days`}>
          {(control) => <Input {...control} type="date" name="from" defaultValue={values.from} />}
        </Field>
        <Field id={FIELD_IDS.to} label="Last day" error={errors.to}>
          {(control) => <Input {...control} type="date" name="to" defaultValue={values.to} />}
        </Field>
        <Field id={FIELD_IDS.group} label="Group by" error={errors.group}>
          {(control) => (
            <Select {...control} name="group" defaultValue={values.group}>
              {SOURCE_REPORT_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {SOURCE_REPORT_GROUP_LABELS[group]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="primary" size="toolbar">
          Show
        </Button>
      </Form>
      {report ? (
        <section aria-label="Sources report" className="grid gap-4">
          <p data-testid="sources-period" className="text-sm font-medium text-slate-700">
            Leads created {formatCalendarDay(report.from)} to {formatCalendarDay(report.to)}, by {SOURCE_REPORT_GROUP_LABELS[report.group].toLowerCase()}. Value
            won is the monthly price ex VAT of the live orders&apos; contracts. Visits are those that reached the comparison. A win is a lead that accepted a
            quote; spend of a month partly in the period counts for its days
            {report.group === "source-medium" ? ", and is entered per source or campaign, so only the total shows by source and medium" : ""}.
          </p>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <SourcesTable report={report} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {(["leads", "wins"] as const).map((series) => {
              const title = series === "leads" ? "Leads per week" : "Wins per week (leads that accepted a quote)";
              const total = weeks.reduce((sum, week) => sum + week[series], 0);
              const busiest = weeks.reduce((best, week) => (week[series] > best[series] ? week : best), weeks[0]);
              return (
                <ColumnChart
                  key={series}
                  title={title}
                  summary={`${countOf(total, series === "leads" ? "lead" : "win")} over ${countOf(weeks.length, "week")} from the week of ${formatDayAndMonth(weeks[0].week)}${total > 0 ? `; the most in the week of ${formatDayAndMonth(busiest.week)}, ${busiest[series]}` : ""}. The table below the chart gives each week.`}
                  bars={weeks.map((week) => ({ label: week.week, value: week[series] }))}
                  labelHeading="Week of"
                  valueHeading={series === "leads" ? "Leads" : "Wins"}
                  formatLabel={formatDayAndMonth}
                />
              );
            })}
          </div>
        </section>
      ) : null}
    </div>
  );
}
