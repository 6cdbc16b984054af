import type { Generated, Selectable } from "kysely";
import type { DataRequestKind, DataRequestStatus, RetentionRunMode, RetentionRunTrigger } from "./data-protection";

/** The tables this capability adds to the one database type (below). */
export interface PrivacyTables {
  retentionRuns: RetentionRunsTable;
  dataRequests: DataRequestsTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends PrivacyTables {}
}

/** One run of the retention job (migration 0022), kept for the Data protection screen. */
export interface RetentionRunsTable {
  id: Generated<number>;
  mode: RetentionRunMode;
  trigger: RetentionRunTrigger;
  /** The staff member or "Retention schedule" / "Operator". */
  actorName: string;
  /** The moment the run treated as now (an operator may look ahead with --as-of). */
  asOf: string;
  startedAt: string;
  finishedAt: string | null;
  /** JSON RetentionCounts (app/features/privacy/data-protection.ts): done, or for a dry run what would be done. */
  counts: string | null;
  /** Why the run stopped, when it failed. */
  error: string | null;
}

/**
 * The register of a person's requests (migration 0022). The plain contact details are cleared when the person is erased; the keyed hash stays, so a later
 * request from the same address can be matched to this one.
 */
export interface DataRequestsTable {
  id: Generated<number>;
  kind: DataRequestKind;
  status: Generated<DataRequestStatus>;
  /** YYYY-MM-DD. */
  receivedOn: string;
  /** YYYY-MM-DD: one month after received (dataRequestDueOn). */
  dueOn: string;
  /** The email address or phone number the person gave; null once they are erased. */
  contact: string | null;
  /** suppressionKey("email" | "phone", contact): kept after erasure. */
  contactKey: string;
  /** Staff's note on the request (how it arrived, identity checked ...); cleared on erasure. */
  notes: string | null;
  /** The staff member handling it; null when unassigned or once they are removed. */
  handledBy: string | null;
  handledByName: string | null;
  closedOn: string | null;
  createdAt: string;
  updatedAt: string;
}

export type RetentionRunRow = Selectable<RetentionRunsTable>;
export type DataRequestRow = Selectable<DataRequestsTable>;
