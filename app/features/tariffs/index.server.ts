// What the other capabilities may use of tariffs (server code); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { findLiveTariff, listLiveTariffs } from "./tariffs.server";
export { shortlistFiltersFrom } from "./tariff-comparison-schema";
