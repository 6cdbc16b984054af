import type { Generated } from "kysely";

/** The tables this capability adds to the one database type (below). */
export interface ReportTables {
  comparisonVisits: ComparisonVisitsTable;
  marketingSpend: MarketingSpendTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends ReportTables {}
}

/** Visits that reached the comparison, counted per UK day and origin (migration 0028): numbers only, nothing of a visitor. */
export interface ComparisonVisitsTable {
  /** YYYY-MM-DD, the UK's day. */
  day: string;
  /** The visit's UTM source, medium and campaign as a lead records them (app/features/leads/attribution.ts); "" for none. */
  source: string;
  medium: string;
  campaign: string;
  visits: number;
}

/** A month's spend on a source, or on one campaign of it (migration 0028). */
export interface MarketingSpendTable {
  id: Generated<number>;
  /** YYYY-MM. */
  month: string;
  source: string;
  /** "" for the source as a whole. */
  campaign: string;
  amountPence: number;
  createdAt: string;
  updatedAt: string;
  updatedById: string | null;
}
