import type { Transaction } from "kysely";
import { ukDay } from "~/lib/calendar";
import { parseWithSchema, type FieldErrors } from "~/lib/form-submission";
import { brand } from "~/platform/brand.server";
import type { Database } from "~/platform/database-types";
import { getDb } from "~/platform/db.server";
import { portalUrl } from "~/platform/email-layout";
import { env } from "~/platform/env.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox, deliverOutboxSoon } from "~/platform/outbox.server";
import { orderDetailsReceivedEmail } from "./customer-order-email";
import { draftForChange, storedFormValues } from "./customer-order.server";
import { completeOrderSchema } from "./order-schemas";
import { recordOrderChange } from "./order-record.server";
import type { OrderLineRow, OrderRow } from "./order-tables";

/** The customer submits their order: checked complete as saved, then Details received, on the lead's timeline, in the audit log, and emailed to them. */

export type OrderSubmitted = { outcome: "submitted" } | { outcome: "already" } | { outcome: "refused"; fieldErrors: FieldErrors };

async function queueDetailsReceivedEmail(trx: Transaction<Database>, order: OrderRow, lines: OrderLineRow[], token: string): Promise<boolean> {
  if (!emailEnabled() || !order.billingEmail) return false;
  const content = orderDetailsReceivedEmail(
    {
      reference: order.reference,
      businessName: order.businessName ?? "",
      earliestConnectionDate: order.earliestConnectionDate ?? "",
      lines,
      url: portalUrl(env.APP_URL, `/quote/${token}`),
    },
    brand,
  );
  await addToOutbox(trx, [{ kind: "order.customer-email", leadId: order.leadId, payload: { to: [order.billingEmail], replyTo: brand.email, ...content } }]);
  return true;
}

/**
 * Submits the draft: every answer the network needs must be saved and every PAC must last until the connection date, else the refusals by field and
 * nothing changes. Then the order and its lines are Details received, and the customer is emailed. Submitting again changes nothing ("already").
 */
export async function submitOrder(token: string, now = new Date()): Promise<OrderSubmitted> {
  const db = await getDb();
  const stamp = now.toISOString();
  const result = await db.transaction().execute(async (trx): Promise<OrderSubmitted & { queued?: boolean }> => {
    const { order, lines } = await draftForChange(trx, token);
    if (order.detailsSubmittedAt) return { outcome: "already" };
    const parsed = parseWithSchema(completeOrderSchema({ lineCount: lines.length, today: ukDay(now), connectionDate: null }), storedFormValues(order, lines));
    if (!parsed.success) return { outcome: "refused", fieldErrors: parsed.fieldErrors };
    const submitted = await trx
      .updateTable("orders")
      .set({ status: "details_received", detailsSubmittedAt: stamp, version: order.version + 1, updatedAt: stamp })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable("orderLines").set({ status: "details_received" }).where("orderId", "=", order.id).execute();
    await recordOrderChange(trx, null, order, {
      action: "order.details_received",
      body: `Order ${order.reference} details received from the customer`,
      now: stamp,
    });
    return { outcome: "submitted", queued: await queueDetailsReceivedEmail(trx, submitted, lines, token) };
  });
  if (result.queued) deliverOutboxSoon();
  return result.outcome === "refused" ? result : { outcome: result.outcome };
}
