/**
 * What the outbox sends (see services/outbox.server.ts): one kind per destination.
 * Emails will join this list; the database keeps the kind as plain text so that
 * adding one needs no table rebuild.
 */
export const DELIVERY_KINDS = ["lead.webhook"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  "lead.webhook": "Lead webhook",
};

export function isDeliveryKind(value: string): value is DeliveryKind {
  return (DELIVERY_KINDS as readonly string[]).includes(value);
}

/**
 * How long to wait before the next try after `failedAttempts` failed ones:
 * `firstMs`, doubling each time, never more than `capMs`.
 */
export function retryDelayMs(failedAttempts: number, firstMs: number, capMs: number): number {
  const doublings = Math.max(0, failedAttempts - 1);
  // 2^doublings overflows to Infinity long after it passes any cap, which Math.min handles.
  return Math.min(capMs, firstMs * 2 ** doublings);
}
