// What the other capabilities may use of quotes (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export type { QuoteRow } from "./quote-tables";
export { QUOTE_OPEN_STATUSES, QUOTE_STATUS_LABELS } from "./quotes";
export type { QuoteLine } from "./quotes";
export type { QuoteFigures } from "./quotes-screen";
export { customerQuotePath } from "./quotes";
