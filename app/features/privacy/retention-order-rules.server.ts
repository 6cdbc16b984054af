import { anonymiseOrders } from "./anonymisation.server";
import { nextOf, RETENTION_BATCH, type Rule } from "./retention-rule.server";
import { clearPacs, countDuePacs, countOrdersWithContractsEnded, linesWithDuePacs, ordersWithContractsEnded } from "~/features/orders/index.server";

/** The retention rules of orders (docs/privacy-operations.md, Retention): PACs 30 days after issue, orders CUSTOMER_RETENTION_YEARS after their contracts. */

/** A PAC is a key to someone's number: cleared PAC_VALID_DAYS after its issue, when it no longer works (on Live it is cleared by the order's own change). */
export const pacsRule: Rule<number> = {
  kind: "pacs",
  async due(db, cutoffs, after) {
    const ids = await linesWithDuePacs(db, cutoffs.pacsIssuedBy, after, RETENTION_BATCH);
    return { ids, next: nextOf(ids.map((id) => ({ id }))) };
  },
  count: (db, cutoffs) => countDuePacs(db, cutoffs.pacsIssuedBy),
  apply: (trx, batch, now, cutoffs) => clearPacs(trx, batch.ids, cutoffs.pacsIssuedBy, now),
};

/**
 * An order that went live is a customer record: anonymised CUSTOMER_RETENTION_YEARS after its last contract ended (the contracts keep their figures). An order
 * that never went live has no contract end: it goes with its lead (anonymiseLeads), whichever rule anonymises that.
 */
export const ordersRule: Rule<number> = {
  kind: "orders",
  async due(db, cutoffs, after) {
    const ids = await ordersWithContractsEnded(db, cutoffs.ordersEndedBefore, after, RETENTION_BATCH);
    return { ids, next: nextOf(ids.map((id) => ({ id }))) };
  },
  count: (db, cutoffs) => countOrdersWithContractsEnded(db, cutoffs.ordersEndedBefore),
  apply: (trx, batch, now) => anonymiseOrders(trx, batch.ids, { now }),
};
