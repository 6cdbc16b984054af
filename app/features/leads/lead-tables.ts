import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { LeadActivityKind, LeadStatus } from "./lead-lists";

/** The tables this capability adds to the one database type (below). */
export interface LeadTables {
  leads: LeadsTable;
  leadStatusCounts: LeadStatusCountsTable;
  leadActivity: LeadActivityTable;
  wizardFunnel: WizardFunnelTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends LeadTables {}
}

export interface LeadsTable {
  id: Generated<number>;
  reference: string;
  status: Generated<LeadStatus>;
  teamSize: string;
  contractExpiry: string;
  businessType: string;
  businessName: string;
  postcode: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string | null;
  contractLength: string | null;
  jobTitle: string | null;
  requirements: string | null;
  sourcePage: string | null;
  submissionToken: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the lead webhook received it; null until then (or with no webhook). */
  webhookDeliveredAt: string | null;
  /** When staff first moved it on from New; null while it is new. Never set on insert. */
  firstContactedAt: ColumnType<string | null, never, string | null>;
  /** The staff member who owns the lead; null while unassigned. */
  assignedTo: ColumnType<string | null, never, string | null>;
  /** The phone number's last ten digits, computed by the database (possible duplicates). */
  phoneKey: ColumnType<string, never, never>;
  /** The phone number as normalisePhone makes it ("07700900123"), computed by the database (migration 0023); null for none. A person is matched by it. */
  phoneNormalised: ColumnType<string | null, never, never>;
  /** JSON TariffSnapshot (app/features/tariffs/tariffs.ts): the deal the visitor chose; null for none. */
  tariff: string | null;
  /** JSON TariffSnapshot[]: up to three deals that fit the answers, shown on the thank-you step. */
  tariffShortlist: string | null;
  /** When the personal details were cleared (retention or erasure, migration 0022); null while kept. */
  anonymisedAt: ColumnType<string | null, never, string | null>;
  /** The order a renewal lead was made from (migration 0026); null for any other lead. */
  renewalOfOrderId: ColumnType<number | null, number | null | undefined, number | null>;
  // Where the lead came from (migration 0027, app/features/leads/attribution.ts): each normalised, or null.
  source: ColumnType<string | null, string | null | undefined, string | null>;
  medium: ColumnType<string | null, string | null | undefined, string | null>;
  campaign: ColumnType<string | null, string | null | undefined, string | null>;
  term: ColumnType<string | null, string | null | undefined, string | null>;
  content: ColumnType<string | null, string | null | undefined, string | null>;
  referrerDomain: ColumnType<string | null, string | null | undefined, string | null>;
  landingPath: ColumnType<string | null, string | null | undefined, string | null>;
  formPath: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WizardFunnelTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The step the answer reached: 2 to 5, and 6 for a request sent. */
  step: number;
  count: number;
}

export interface LeadActivityTable {
  id: Generated<number>;
  leadId: number;
  kind: LeadActivityKind;
  actorId: string | null;
  actorName: string;
  body: string;
  createdAt: string;
}

/** How many leads have each status, kept by triggers on leads (migration 0010). */
export interface LeadStatusCountsTable {
  status: LeadStatus;
  count: number;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;
export type LeadActivityRow = Selectable<LeadActivityTable>;
