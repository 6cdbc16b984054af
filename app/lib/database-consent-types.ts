import type { Generated } from "kysely";
import type { ConsentPurpose, ConsentWithdrawnHow, SuppressionKind, SuppressionReason } from "~/lib/consent";

/** One consent given (migration 0022), kept as proof after the lead or sign-up it came from is removed. */
export interface ConsentRecordsTable {
  id: Generated<number>;
  /** Compared without case. */
  email: string;
  /** The lead it was given with; null when not from a lead or once the lead is removed. */
  leadId: number | null;
  /** The newsletter sign-up it was given with; null when not from one or once it is removed. */
  newsletterSignupId: number | null;
  purpose: ConsentPurpose;
  /** The site path the visitor was on. */
  page: string;
  /** The exact words the visitor agreed to, and their version (app/lib/consent.ts). */
  wording: string;
  wordingVersion: string;
  givenAt: string;
  withdrawnAt: string | null;
  withdrawnHow: ConsentWithdrawnHow | null;
}

/** Never contact again (migration 0022): a keyed hash only (suppression.server.ts), never the plain value. */
export interface SuppressionsTable {
  id: Generated<number>;
  /** HMAC-SHA256 (hex) of the normalised value with SUPPRESSION_KEY; unique. */
  hash: string;
  kind: SuppressionKind;
  reason: SuppressionReason;
  createdAt: string;
}
