// The deal list as the server draws it; the browser build leaves this module empty (see deal-list-part.ts).
export { DealList } from "./deal-list";
