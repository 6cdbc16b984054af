// What the other capabilities and the routes may use of reports (rules and types); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export {
  SOURCE_REPORT_GROUP_LABELS,
  SOURCE_REPORT_GROUPS,
  SOURCE_REPORT_MAX_DAYS,
  conversion,
  sourceReportQuerySchema,
  sourceReportRowName,
} from "./sources-report";
export type { SourceReport, SourceReportGroup, SourceReportQuery, SourceReportRow } from "./sources-report";
export { marketingSpendSchema, SPEND_MAX_PENCE, SPEND_MESSAGES, spendTarget } from "./marketing-spend";
export type { MarketingSpendEntry, MarketingSpendInput } from "./marketing-spend";
