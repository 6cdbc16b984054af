/**
 * Consent to marketing (PECR): the one wording visitors tick or read, its version, and the lists the consent records and the suppression list use (migration
 * 0022 keeps its own copy of each list). A change of wording is a new version: a consent record keeps the words and version it was given under.
 */

export const MARKETING_CONSENT = {
  version: "2026-11-marketing-1",
  wording: "Email me offers and renewal reminders",
} as const;

export const CONSENT_PURPOSES = ["marketing_email"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a consent was withdrawn: the page behind the email's link, the mail program's one-click button, or staff. */
export const CONSENT_WITHDRAWN_HOW = ["unsubscribe_link", "one_click", "staff"] as const;
export type ConsentWithdrawnHow = (typeof CONSENT_WITHDRAWN_HOW)[number];

/** Each way in words, as the person reads it in their access export. */
export const CONSENT_WITHDRAWN_HOW_LABELS: Record<ConsentWithdrawnHow, string> = {
  unsubscribe_link: "by the unsubscribe link in an email",
  one_click: "by your email program's unsubscribe button",
  staff: "by our staff, at your request",
};

/** A lead's marketing consent as staff see it. */
export type ConsentState = "given" | "not given" | "withdrawn";

/** The state from a lead's consent records (newest first): none is "not given"; the newest one decides between given and withdrawn. */
export function consentState(records: ReadonlyArray<{ withdrawnAt: string | null }>): ConsentState {
  const newest = records[0];
  if (!newest) return "not given";
  return newest.withdrawnAt ? "withdrawn" : "given";
}

export const PECR_SUBSCRIBER_KINDS = {
  individual: "Individual subscriber (PECR: marketing email only with consent)",
  corporate: "Corporate subscriber",
} as const;
export type PecrSubscriberKind = (typeof PECR_SUBSCRIBER_KINDS)[keyof typeof PECR_SUBSCRIBER_KINDS];

/**
 * The PECR subscriber kind of a business: sole traders and ordinary partnerships are individual subscribers (no marketing email without consent); a limited
 * company is a corporate subscriber. "Other" (and an unknown type) is treated as individual: it may be an unincorporated business, and the stricter rule is the
 * safe reading.
 */
export function pecrSubscriberKind(businessType: string | null | undefined): PecrSubscriberKind {
  return businessType === "LTD company" ? PECR_SUBSCRIBER_KINDS.corporate : PECR_SUBSCRIBER_KINDS.individual;
}

/** A lead's marketing consent and PECR subscriber kind, as its details page and JSON show them. */
export interface LeadMarketing {
  consent: ConsentState;
  /** The newest consent record's words, version, page and dates; null when none was given. */
  record: {
    wording: string;
    wordingVersion: string;
    page: string;
    givenAt: string;
    withdrawnAt: string | null;
    withdrawnHow: ConsentWithdrawnHow | null;
  } | null;
  subscriberKind: PecrSubscriberKind;
}

/** What the newsletter form says before anyone presses Subscribe (signing up is the consent, no box): the same wording, and that a confirmation comes first. */
export const NEWSLETTER_CONSENT_STATEMENT = `We'll email you to confirm; once you do, we'll ${MARKETING_CONSENT.wording.replace(/^Email me/, "email you")}. Unsubscribe at any time.`;

/** The form field of the consent box (wizard and API alike): present, with this value, only when ticked. */
export const MARKETING_CONSENT_FIELD = "marketingConsent";
export const MARKETING_CONSENT_TICKED = "yes";

/** `POST /api/quote-requests`: the consent field sent as something neither a tick nor its absence. */
export const MARKETING_CONSENT_TYPE_MESSAGE = `Send ${MARKETING_CONSENT_FIELD} as true (the box ticked) or false`;
