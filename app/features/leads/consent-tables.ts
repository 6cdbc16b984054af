import type { Generated, Selectable } from "kysely";
import type { ConsentPurpose, ConsentWithdrawnHow } from "./consent";

/** The tables this capability adds to the one database type (below). */
export interface ConsentTables {
  consentRecords: ConsentRecordsTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends ConsentTables {}
}

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
  /** The exact words the visitor agreed to, and their version (app/features/leads/consent.ts). */
  wording: string;
  wordingVersion: string;
  givenAt: string;
  withdrawnAt: string | null;
  withdrawnHow: ConsentWithdrawnHow | null;
}

export type ConsentRecordRow = Selectable<ConsentRecordsTable>;
