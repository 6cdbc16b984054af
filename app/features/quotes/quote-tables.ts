import type { Generated, Selectable } from "kysely";
import type { QuoteStatus } from "./quotes";

/** The tables this capability adds to the one database type (below). */
export interface QuoteTables {
  quotes: QuotesTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends QuoteTables {}
}

/** Quotes built from a lead (migration 0020): one row per version; the JSON columns hold the shapes of app/features/quotes/quotes.ts. */
export interface QuotesTable {
  id: Generated<number>;
  leadId: number;
  /** 1, 2, ...: a revision of a sent quote is the next version. */
  version: number;
  /** The version this one replaces; null for a first version. */
  supersedesQuoteId: number | null;
  status: Generated<QuoteStatus>;
  /** 128-bit random, base64url: the customer's link, answered publicly only once sent. */
  token: string;
  /** JSON QuoteLine[]. */
  lines: string;
  /** JSON QuoteTotals, fixed when sent; null for a draft (its totals are computed on read). */
  totals: string | null;
  /** YYYY-MM-DD: the first month's start the totals are priced from. */
  start: string;
  customerNote: string | null;
  internalMemo: string | null;
  /** YYYY-MM-DD, the last day it may be accepted. */
  validUntil: string;
  termsVersion: string;
  termsText: string;
  /** The staff member who made it; null once they are removed. */
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  viewCount: Generated<number>;
  acceptedAt: string | null;
  acceptedName: string | null;
  acceptedRole: string | null;
  acceptedIp: string | null;
  acceptedUserAgent: string | null;
  /** SHA-256 (hex) of the quote's content as accepted. */
  acceptedContentHash: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  withdrawnAt: string | null;
}
export type QuoteRow = Selectable<QuotesTable>;
