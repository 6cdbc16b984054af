/**
 * How long each kind of personal data is kept, in the privacy policy's words,
 * from the retention settings in force (app/infrastructure/env.server.ts).
 * Pure, so the privacy page, the access export and the Data protection screen
 * say the same figures the retention job applies.
 */

/** The retention settings the words are made from (the env names, so `env` itself can be passed). */
export interface RetentionSettings {
  LEAD_RETENTION_MONTHS: number;
  ENQUIRY_RETENTION_MONTHS: number;
  CUSTOMER_RETENTION_YEARS: number;
  NEWSLETTER_UNCONFIRMED_DAYS: number;
  OUTBOX_KEEP_DAYS: number;
  AUDIT_DETAIL_MONTHS: number;
}

export const RETENTION_PERIODS = [
  "quoteRequests",
  "customers",
  "enquiries",
  "newsletter",
  "outbox",
  "auditLog",
  "consentRecords",
  "suppressionList",
  "dataRequests",
  "signInRecords",
] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** Months as people say them: whole years as years ("2 years"), else months ("18 months"). */
export function monthsWords(months: number): string {
  return months % 12 === 0 ? plural(months / 12, "year") : plural(months, "month");
}

/** Each period in words, as the privacy policy puts it. */
export function retentionPeriodWords(settings: RetentionSettings): Record<RetentionPeriod, string> {
  return {
    quoteRequests: `up to ${monthsWords(settings.LEAD_RETENTION_MONTHS)} after our last contact with you, unless you become a customer`,
    customers: `for the length of your contract and ${plural(settings.CUSTOMER_RETENTION_YEARS, "year")} afterwards`,
    enquiries: `up to ${monthsWords(settings.ENQUIRY_RETENTION_MONTHS)} after we last replied to you`,
    newsletter: `until you unsubscribe; a sign-up not confirmed within ${plural(settings.NEWSLETTER_UNCONFIRMED_DAYS, "day")} is deleted`,
    outbox: `${plural(settings.OUTBOX_KEEP_DAYS, "day")} after it was sent`,
    auditLog: `the entry stays; personal details in it are removed after ${monthsWords(settings.AUDIT_DETAIL_MONTHS)}, or when the record it is about is erased`,
    consentRecords: "for as long as we may need to show the consent was given (the address is removed when the record it came with is removed)",
    suppressionList: "for as long as we hold contact lists, as a keyed hash only, so that you are not contacted again",
    signInRecords: "until the failures are forgotten, then deleted by the daily retention run",
    dataRequests: `while the request is handled; your contact details in it are removed on erasure, a keyed hash stays to match later requests`,
  };
}
