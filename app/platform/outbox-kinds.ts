/** What the outbox sends (see outbox.server.ts), one kind per destination; kept as plain text in the database, so adding one needs no table rebuild. */
export const DELIVERY_KINDS = [
  "lead.webhook",
  "lead.staff-email",
  "lead.confirmation-email",
  "enquiry.staff-email",
  "quote.customer-email",
  "quote.staff-email",
  "newsletter.confirmation-email",
  "order.customer-email",
  "renewal.staff-email",
  "renewal.customer-email",
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  "lead.webhook": "Lead webhook",
  "lead.staff-email": "New lead email to staff",
  "lead.confirmation-email": "Confirmation email to the visitor",
  "enquiry.staff-email": "New enquiry email to staff",
  "quote.customer-email": "Quote email to the customer",
  "quote.staff-email": "Quote viewed, accepted or declined email to staff",
  "newsletter.confirmation-email": "Newsletter confirmation email to the visitor",
  "order.customer-email": "Order progress email to the customer",
  "renewal.staff-email": "Renewal due email to the order's owner",
  "renewal.customer-email": "Contract ending email to the customer",
};

/** The setting each kind needs to be sent at all. */
export const DELIVERY_KIND_SETTINGS: Record<DeliveryKind, string> = {
  "lead.webhook": "LEAD_WEBHOOK_URL",
  "lead.staff-email": "SMTP_URL",
  "lead.confirmation-email": "SMTP_URL",
  "enquiry.staff-email": "SMTP_URL",
  "quote.customer-email": "SMTP_URL",
  "quote.staff-email": "SMTP_URL",
  "newsletter.confirmation-email": "SMTP_URL",
  "order.customer-email": "SMTP_URL",
  "renewal.staff-email": "SMTP_URL",
  "renewal.customer-email": "SMTP_URL",
};

/**
 * Who a kind of delivery goes to, and so whether the suppression list can stop it (docs/privacy-operations.md, "The suppression rule"):
 * - `staff`: the business's own people and systems (notifications, the lead webhook); the list is never checked.
 * - `requester`: the direct answer to what the person asked for (their quote request's confirmation, their quote, the newsletter confirmation they asked
 *   for); sent even to a listed address, unless it was listed after the email was queued (they objected or were erased in between).
 * - `marketing`: anything else to a person; never sent to a listed address.
 */
export const DELIVERY_AUDIENCES = ["requester", "staff", "marketing"] as const;
export type DeliveryAudience = (typeof DELIVERY_AUDIENCES)[number];

export const DELIVERY_KIND_AUDIENCE: Record<DeliveryKind, DeliveryAudience> = {
  "lead.webhook": "staff",
  "lead.staff-email": "staff",
  "lead.confirmation-email": "requester",
  "enquiry.staff-email": "staff",
  "quote.customer-email": "requester",
  "quote.staff-email": "staff",
  "newsletter.confirmation-email": "requester",
  // The progress of an order the customer placed: a service message, never marketing.
  "order.customer-email": "requester",
  "renewal.staff-email": "staff",
  // Not asked for by the customer at the time, so never sent once they objected or were erased.
  "renewal.customer-email": "marketing",
};

/** Why a delivery was closed unsent because of the suppression list: shown with the dashboard's deliveries. */
export const SUPPRESSED_DELIVERY_REASONS: Record<Exclude<DeliveryAudience, "staff">, string> = {
  requester: "Not sent: the recipient was put on the suppression list after it was queued",
  marketing: "Not sent: the recipient is on the suppression list",
};

/** How the dashboard sorts the deliveries that did not go: given up, to be tried again, stopped by the suppression list. */
export const DELIVERY_PROBLEM_STATES = ["failed", "waiting", "not_sent"] as const;
export type DeliveryProblemState = (typeof DELIVERY_PROBLEM_STATES)[number];
export const DELIVERY_PROBLEM_STATE_LABELS: Record<DeliveryProblemState, string> = { failed: "Failed", waiting: "Waiting", not_sent: "Not sent" };

export function isDeliveryKind(value: string): value is DeliveryKind {
  return (DELIVERY_KINDS as readonly string[]).includes(value);
}

/** How long to wait before the next try after `failedAttempts` failed ones: `firstMs`, doubling each time, never more than `capMs`. */
export function retryDelayMs(failedAttempts: number, firstMs: number, capMs: number): number {
  const doublings = Math.max(0, failedAttempts - 1);
  // 2^doublings overflows to Infinity long after it passes any cap, which Math.min handles.
  return Math.min(capMs, firstMs * 2 ** doublings);
}
