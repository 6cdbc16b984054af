import { formatCount, formatPounds } from "~/lib/money";
import { ListCell, ListTable } from "~/ui/list-page";
import { sourceReportFigures, sourceReportRowName, SOURCE_REPORT_GROUP_LABELS, type SourceReport, type SourceReportCounts } from "./sources-report";

const SCREEN_FIGURES = { pounds: formatPounds, count: formatCount };

function Figures({ counts }: { counts: SourceReportCounts }) {
  return (
    <>
      {sourceReportFigures(counts, SCREEN_FIGURES).map(({ label, text, conversion }) => (
        <ListCell key={label} label={label} className="tabular-nums md:text-right">
          {text}
          {conversion && conversion.text !== "—" ? (
            <span data-testid="conversion" className="block text-xs font-normal text-slate-500">
              {conversion.text} {conversion.of}
            </span>
          ) : null}
        </ListCell>
      ))}
    </>
  );
}

/** The Sources report's table: a row per group, most value won first, then the totals, each step's conversion under its count (none when
 * the step before counted none); cards on a phone. */
export function SourcesTable({ report }: { report: SourceReport }) {
  const groupLabel = SOURCE_REPORT_GROUP_LABELS[report.group];
  const figureLabels = sourceReportFigures(report.totals, SCREEN_FIGURES).map(({ label }) => label);
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
