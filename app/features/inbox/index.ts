// What the other capabilities may use of inbox (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { CONTACT_SUBJECT_LABELS } from "./contact-subjects";
export { NEWSLETTER_UNCONFIRMED_DAYS } from "./newsletter";
export type { ContactEnquiryRow, NewsletterSignupRow } from "./inbox-tables";
