// What the other capabilities may use of privacy (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { OVERDUE_DATA_REQUESTS_HREF, overdueDataRequestsText } from "./data-protection";
