import { formatPounds } from "~/lib/money";
import { ListCell, ListTable } from "~/ui/list-page";
import { sourceReportFigures, sourceReportRowName, SOURCE_REPORT_GROUP_LABELS, type SourceReport, type SourceReportCounts } from "./sources-report";

function Figures({ counts }: { counts: SourceReportCounts }) {
  return (
    <>
      {sourceReportFigures(counts, formatPounds).map(({ label, text }) => (
        <ListCell key={label} label={label} className="tabular-nums md:text-right">
          {text}
        </ListCell>
      ))}
    </>
  );
}

/** The Sources report's table: a row per group, most value won first, then the totals; cards on a phone. */
export function SourcesTable({ report }: { report: SourceReport }) {
  const groupLabel = SOURCE_REPORT_GROUP_LABELS[report.group];
  const figureLabels = sourceReportFigures(report.totals, formatPounds).map(({ label }) => label);
  // Figures read right-aligned; the last column is already.
  const columns = [groupLabel, ...figureLabels.map((label, index) => (index === figureLabels.length - 1 ? label : { label, className: "text-right" }))];
  return (
    <ListTable columns={columns} stacked>
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
