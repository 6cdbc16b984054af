import type { AdminUser } from "~/features/staff";
import { recordExport } from "~/features/staff/index.server";
import { csvRow } from "~/lib/csv";
import { plainPounds } from "~/lib/money";
import { sourcesReport } from "./sources-report.server";
import { sourceReportFigures, sourceReportRowName, SOURCE_REPORT_GROUP_LABELS, type SourceReportCounts, type SourceReportQuery } from "./sources-report";

/** A row's figures as a spreadsheet reads them: plain counts and pounds, each conversion a column of its own after its count, "—" left empty. */
function csvFigures(counts: SourceReportCounts): Array<{ label: string; text: string }> {
  return sourceReportFigures(counts, { pounds: plainPounds, count: String }).flatMap(({ label, text, conversion }) => [
    { label, text },
    ...(conversion ? [{ label: conversion.label, text: conversion.text }] : []),
  ]);
}

/**
 * The Sources report as CSV, the screen's rows and totals with the same figures, in the audit log as the other exports. A report is a few rows, so it is
 * made whole rather than streamed. A bad period throws the report's ModelError (400) before anything is recorded.
 */
export async function sourcesReportCsv(actor: AdminUser, query: SourceReportQuery, now = new Date()): Promise<string> {
  const report = await sourcesReport(query, now);
  const groupLabel = SOURCE_REPORT_GROUP_LABELS[report.group];
  const onFinish = await recordExport(actor, {
    action: "reports.sources.exported",
    entityType: "report",
    what: "sources report rows",
    one: "sources report row",
    filters: [`${report.from} to ${report.to}`, `by ${groupLabel.toLowerCase()}`],
    unfiltered: "",
  });
  const cells = (name: string, counts: SourceReportCounts) => csvRow([name, ...csvFigures(counts).map(({ text }) => (text === "—" ? "" : text))]);
  const lines = [...report.rows.map((row) => cells(sourceReportRowName(row, report.group), row)), cells("Total", report.totals)];
  await onFinish(report.rows.length, true);
  // A byte-order mark so spreadsheet programs read the file as UTF-8, as the lists' exports do.
  return `\uFEFF${csvRow([groupLabel, ...csvFigures(report.totals).map(({ label }) => label)])}${lines.join("")}`;
}
