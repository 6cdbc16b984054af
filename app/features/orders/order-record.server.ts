import type { Transaction } from "kysely";
import { addLeadActivity } from "~/features/leads/index.server";
import type { AdminUser } from "~/features/staff";
import { recordAudit } from "~/features/staff/index.server";
import type { Database } from "~/platform/database-types";
import type { OrderRow } from "./order-tables";

/** The audit actions of a staff change to an order: the latest says who last changed it ("Changed by ... at ..."). */
export const ORDER_CHANGE_ACTIONS = ["order.details-changed", "order.line-changed", "order.status-changed", "order.port-dates-changed"] as const;
export type OrderChangeAction = (typeof ORDER_CHANGE_ACTIONS)[number];

/** A staff change's words as the timeline and the audit log say them: "Order ORD-4K7Q2M: line 2 changed (…)". */
export const staffChangeWords = (order: Pick<OrderRow, "reference">, words: string) => `Order ${order.reference}: ${words}`;

/**
 * Writes one entry on the lead's timeline (kind 'order') and the audit log, in the change's transaction: a staff member's change, or (actor null) the
 * customer's submission, written as by System as the quote's customer answers are.
 */
export async function recordOrderChange(
  trx: Transaction<Database>,
  actor: AdminUser | null,
  order: Pick<OrderRow, "id" | "leadId" | "reference">,
  change: { action: OrderChangeAction | "order.details_received"; body: string; now: string },
): Promise<void> {
  await addLeadActivity(trx, actor, { leadId: order.leadId, kind: "order", body: change.body, now: change.now });
  await recordAudit(actor, { action: change.action, entityType: "order", entityId: order.id, summary: change.body }, trx);
}
