// The services block as the server draws it; the browser build leaves this module empty (see mobile-plans-block-part.ts).
export { MobilePlansBlock } from "./mobile-plans-block";
