// What the other capabilities and the routes may use of reports (server code); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { countComparisonVisits } from "./comparison-visits.server";
export { deleteMarketingSpend, findMarketingSpend, listMarketingSpend, saveMarketingSpend, SPEND_LISTED } from "./marketing-spend.server";
export { sourcesPerWeek, sourcesReport } from "./sources-report.server";
export type { SourceReportWeek } from "./sources-report.server";
export { sourcesReportCsv } from "./sources-export.server";
