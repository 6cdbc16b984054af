// What the other capabilities may use of quotes (server code); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { quotesAsOf } from "./quote-list.server";
export { isQuoteTokenShape } from "./quote-customer.server";
