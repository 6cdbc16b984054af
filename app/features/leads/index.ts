// What the other capabilities may use of leads (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export {
  ATTRIBUTION_FIELDS,
  attributionPath,
  attributionValue,
  carriesAttribution,
  recordedAttribution,
  referrerDomain,
  utmFromSearch,
  wizardAttribution,
} from "./attribution";
export { CONSENT_WITHDRAWN_HOW_LABELS, MARKETING_CONSENT, MARKETING_CONSENT_FIELD, MARKETING_CONSENT_TICKED, NEWSLETTER_CONSENT_STATEMENT } from "./consent";
export type { ConsentWithdrawnHow } from "./consent";
export type { ConsentRecordRow } from "./consent-tables";
export { LEAD_STATUS_LABELS } from "./lead-lists";
export type { LeadStatus } from "./lead-lists";
export type { LeadActivityRow, LeadRow } from "./lead-tables";
export { LEAD_RESPONSE_HOURS, storedSnapshot } from "./leads";
export {
  CHOICE_STEPS,
  firstUnansweredChoiceStep,
  initialQuoteWizardState,
  pickWizardAnswers,
  QUOTE_ANSWER_LABELS,
  QUOTE_DEAL_MESSAGES,
  QUOTE_REQUEST_FIELDS,
  QUOTE_THANK_YOU_TEXT,
  QUOTE_WIZARD_INPUT_STEPS,
  QUOTE_WIZARD_INTENTS,
  stepOfField,
  withChosenDeal,
  withoutChosenDeal,
} from "./quote-request";
export type { ChoiceStep, QuoteWizardAnswers, QuoteWizardState, QuoteWizardStep } from "./quote-request";
export { quoteRequestSchema } from "./quote-request-schema";
