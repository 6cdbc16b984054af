// What the other capabilities may use of leads (server code); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { recordMarketingConsent, withdrawMarketingConsent } from "./consent-records.server";
export { chosenDealOffer, leadLines } from "./lead-deal.server";
export { countWizardStepReached, FIGURE_DAYS, figuresSince } from "./lead-figures.server";
export { countOverdueLeads, leadCounts } from "./lead-list.server";
export { addLeadActivity, getLeadDetails, moveLead, takeUnownedLead } from "./lead-workspace.server";
export { decoyLeadReference, submitQuoteRequest } from "./leads.server";
export { insertRenewalLead } from "./renewal-leads.server";
