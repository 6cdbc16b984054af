import { formatCount, formatPercent, formatPounds } from "~/lib/money";
import { ListCell, ListTable } from "~/ui/list-page";
import { conversion, sourceReportRowName, SOURCE_REPORT_GROUP_LABELS, type SourceReport, type SourceReportCounts } from "./sources-report";

const COLUMNS = [
  "Leads",
  "Quotes sent",
  "Sent of leads",
  "Quotes accepted",
  "Accepted of sent",
  "Orders live",
  "Live of accepted",
  "Monthly value won",
] as const;

/** A step's conversion as a percentage, or "—" when the step before it counted none. */
function percent(count: number, of: number): string {
  const fraction = conversion(count, of);
  return fraction === null ? "—" : formatPercent(fraction);
}

function Figures({ counts }: { counts: SourceReportCounts }) {
  const cells = [
    formatCount(counts.leads),
    formatCount(counts.quotesSent),
    percent(counts.quotesSent, counts.leads),
    formatCount(counts.quotesAccepted),
    percent(counts.quotesAccepted, counts.quotesSent),
    formatCount(counts.ordersLive),
    percent(counts.ordersLive, counts.quotesAccepted),
    formatPounds(counts.monthlyValueWonExVatPence),
  ];
  return (
    <>
      {cells.map((text, index) => (
        <ListCell key={COLUMNS[index]} label={COLUMNS[index]} className="tabular-nums md:text-right">
          {text}
        </ListCell>
      ))}
    </>
  );
}

/** The Sources report's table: a row per group, most value won first, then the totals; cards on a phone. */
export function SourcesTable({ report }: { report: SourceReport }) {
  const groupLabel = SOURCE_REPORT_GROUP_LABELS[report.group];
  return (
    <ListTable columns={[groupLabel, ...COLUMNS.map((label, index) => (index === COLUMNS.length - 1 ? label : { label, className: "text-right" }))]} stacked>
      {report.rows.map((row) => {
        const name = sourceReportRowName(row, report.group);
        return (
          <tr key={name} data-testid="sources-row">
            <ListCell label={groupLabel} className="font-medium text-slate-900">
              {name}
            </ListCell>
            <Figures counts={row} />
          </tr>
        );
      })}
      <tr data-testid="sources-totals" className="bg-slate-50 font-semibold">
        <ListCell label={groupLabel} className="text-slate-900">
          Total
        </ListCell>
        <Figures counts={report.totals} />
      </tr>
    </ListTable>
  );
}
