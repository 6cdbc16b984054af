import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import type { RetentionKind } from "./data-protection";
import { AUDIT_DETAIL_MONTHS, ordersEndedBefore } from "./retention";
import { NEWSLETTER_UNCONFIRMED_DAYS } from "~/features/inbox";
import { OUTBOX_KEEP_DAYS } from "~/platform/outbox-purge.server";
import { CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS } from "~/features/staff";
import { env } from "~/platform/env.server";
import { addDaysToInstant, addMonthsToInstant, ukDay } from "~/lib/calendar";
import { pacsIssuedOnOrBefore } from "~/features/orders/index.server";

/** What every retention rule is made of (retention-rules.server.ts, retention-order-rules.server.ts): the batch, the cut-offs, the rule's shape. */

/**
 * Records per transaction. Anonymising a lead costs about 3.6 ms, so a batch of 10 holds SQLite's one writer's lock for about 40 ms: about as long as the
 * server's own writes wait while an apply run goes on its own thread (better-sqlite3 is synchronous; in the server's thread a batch would hold every request
 * up; docs/benchmarks.md, retention).
 */
export const RETENTION_BATCH = 10;

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The moments before which each kind of record is due, from asOf and the settings. */
export interface Cutoffs {
  asOf: Date;
  leads: string;
  enquiries: string;
  newsletter: string;
  outbox: string;
  signInThrottle: string;
  auditDetails: string;
  /** YYYY-MM-DD: a PAC issued on this UK day or before is due (PAC_VALID_DAYS). */
  pacsIssuedBy: string;
  /** YYYY-MM-DD: an order whose contracts all ended before this day is due (CUSTOMER_RETENTION_YEARS). */
  ordersEndedBefore: string;
}

export function cutoffsFor(asOf: Date): Cutoffs {
  return {
    asOf,
    leads: addMonthsToInstant(asOf, -env.LEAD_RETENTION_MONTHS).toISOString(),
    enquiries: addMonthsToInstant(asOf, -env.ENQUIRY_RETENTION_MONTHS).toISOString(),
    newsletter: addDaysToInstant(asOf, -NEWSLETTER_UNCONFIRMED_DAYS).toISOString(),
    outbox: addDaysToInstant(asOf, -OUTBOX_KEEP_DAYS).toISOString(),
    signInThrottle: new Date(asOf.getTime() - CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS * 60 * 60_000).toISOString(),
    auditDetails: addMonthsToInstant(asOf, -AUDIT_DETAIL_MONTHS).toISOString(),
    pacsIssuedBy: pacsIssuedOnOrBefore(ukDay(asOf)),
    ordersEndedBefore: ordersEndedBefore(asOf, env.CUSTOMER_RETENTION_YEARS),
  };
}

/** One batch of due records: what to act on, and where the next batch starts (null: none left). */
export interface Batch<Id> {
  ids: Id[];
  /** For the audit details: each entry's new summary. */
  summaries?: Map<Id, string>;
  next: Id | null;
}

export interface Rule<Id> {
  kind: RetentionKind;
  /** Due records after `after` (by id), at most RETENTION_BATCH read. */
  due(db: Db, cutoffs: Cutoffs, after: Id | null): Promise<Batch<Id>>;
  /** How many are due, in one statement, where the rule can say so in SQL. */
  count?(db: Db, cutoffs: Cutoffs): Promise<number>;
  /** Anonymises or deletes them in the run's transaction; how many. */
  apply(trx: Trx, batch: Batch<Id>, now: string, cutoffs: Cutoffs): Promise<number>;
}

/** Where the next batch starts: after the last row, unless this batch was not full. */
export function nextOf<Id>(rows: Array<{ id: Id }>): Id | null {
  return rows.length < RETENTION_BATCH ? null : rows[rows.length - 1]!.id;
}
