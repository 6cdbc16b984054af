import type { Generated, Selectable } from "kysely";
import type { SuppressionKind, SuppressionReason } from "./suppression-kinds";

/**
 * The tables as the migrations create them. Timestamps are ISO-8601 UTC text. Here: the platform's own; each capability adds its tables to `Database` in its
 * `*-tables.ts` (`declare module`), so the platform names no business table and every query is still typed.
 */

export interface OutboxTable {
  id: Generated<number>;
  /** A DeliveryKind (app/platform/outbox-kinds.ts). */
  kind: string;
  leadId: number | null;
  /** The contact enquiry it tells of (its staff email); deleted with it. */
  enquiryId: Generated<number | null>;
  /** The JSON body to send, fixed when the row is written. */
  payload: string;
  /**
   * An email to a person (not to staff, not the webhook): its recipient, trimmed and lower-cased (migration 0023); null otherwise and once the copy is purged
   * (OUTBOX_KEEP_DAYS after it went). A person is matched by it, never by the copy.
   */
  recipientEmail: Generated<string | null>;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  createdAt: string;
}

/** One row (id 1) whose version the database bumps on every change to what public pages show (migration 0011). */
export interface PublicContentVersionTable {
  id: number;
  version: number;
}

/** Rate-limit windows shared by a fleet's machines; Postgres only (migration 0016). */
export interface RateLimitWindowsTable {
  key: string;
  count: number;
  resetsAt: string;
}

/**
 * Quote confirmations queued per recipient per day (UTC), so one address gets at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY across machines and restarts
 * (migration 0017). The address is kept only as a hash; past days are deleted.
 */
export interface ConfirmationEmailCountsTable {
  recipientKey: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  count: number;
}

export interface Database {
  outbox: OutboxTable;
  publicContentVersion: PublicContentVersionTable;
  rateLimitWindows: RateLimitWindowsTable;
  confirmationEmailCounts: ConfirmationEmailCountsTable;
  suppressions: SuppressionsTable;
}

export type OutboxRow = Selectable<OutboxTable>;

/** Never contact again (migration 0022): a keyed hash only (suppression.server.ts), never the plain value. */
export interface SuppressionsTable {
  id: Generated<number>;
  /** HMAC-SHA256 (hex) of the normalised value with SUPPRESSION_KEY; unique. */
  hash: string;
  kind: SuppressionKind;
  reason: SuppressionReason;
  createdAt: string;
}
