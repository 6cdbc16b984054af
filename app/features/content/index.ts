// What the other capabilities may use of content (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { FOOTER_HELP_LINKS, FOOTER_LINKS, HEADER_LINKS } from "./site-navigation";
export { FormLogo, StockImage } from "./stock-image";
export type { PublicStockImage } from "./stock-images";
// Types only: a value from resources.ts here would put the guides' list in every page's scripts (routes import it from the file).
export type { GuideSlug, ResourceArticle } from "./resources";
