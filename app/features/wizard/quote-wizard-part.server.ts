// The quote wizard as the server draws it; the browser build leaves this module empty (see quote-wizard-part.ts).
export { QuoteWizard } from "./quote-wizard";
