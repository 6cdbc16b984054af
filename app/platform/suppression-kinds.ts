/** How a person is never contacted again: what is kept (a keyed hash of it) and why. */
export const SUPPRESSION_KINDS = ["email", "phone"] as const;
export type SuppressionKind = (typeof SUPPRESSION_KINDS)[number];

/** Why an address is never contacted again: they unsubscribed, objected (a rights request), or were erased. */
export const SUPPRESSION_REASONS = ["unsubscribed", "objected", "erased"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
