import type { Transaction } from "kysely";
import type { AdminUser } from "~/features/staff";
import { recordAudit } from "~/features/staff/index.server";
import { customerQuotePath } from "~/features/quotes";
import { formatCalendarDay, ukDay } from "~/lib/calendar";
import { countOf } from "~/lib/plural";
import { brand } from "~/platform/brand.server";
import type { Database } from "~/platform/database-types";
import { portalUrl } from "~/platform/email-layout";
import { env } from "~/platform/env.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox } from "~/platform/outbox.server";
import { ORDER_STATUS_LABELS, type OrderLineStatus, type OrderStatus } from "./order-lists";
import type { OrderLineRow, OrderRow } from "./order-tables";
import { isEmailedOrderStatus, orderProgressEmail, type EmailedOrderStatus } from "./order-emails";
import { makeContracts } from "./contracts.server";
import { OrderFieldErrors } from "./staff-order-errors.server";
import type { OrderChange } from "./staff-order-schema";
import { keepsNumber } from "./staff-order";
import { recordOrderChange, staffChangeWords } from "./order-record.server";

/** The audit action that marks a progress email queued: each is sent once per order, however often the status comes back. */
const emailedAction = (status: EmailedOrderStatus) => `order.emailed-${status}`;

/** The order's own status as its lines take it: On hold is said of the order alone, so its lines keep theirs. */
function lineStatusFor(status: OrderStatus): OrderLineStatus | null {
  return status === "on_hold" ? null : status;
}

/**
 * The status part of a staff change (docs/orders.md, "Statuses"): refused by field when On hold has no reason or Porting lacks a port date for a line keeping
 * a number; otherwise the order and its lines (but cancelled ones) take the status, Live makes the contracts and clears the PACs, and Dispatched, Porting and
 * Live email the customer once each. Port dates given are set whatever the status. Says whether anything changed and whether an email was queued.
 */
export async function changeOrderStatus(
  trx: Transaction<Database>,
  actor: AdminUser,
  order: OrderRow,
  lines: OrderLineRow[],
  change: OrderChange,
  stamp: string,
): Promise<{ changed: boolean; emailed: boolean }> {
  const target = change.status ?? order.status;
  const reason = target === "on_hold" ? (change.holdReason !== undefined ? change.holdReason : order.holdReason) : null;
  const portDate = (line: OrderLineRow) => (change.portDates?.[String(line.id)] !== undefined ? change.portDates[String(line.id)] : line.portDate);
  const errors: Record<string, string> = {};
  if (target === "on_hold" && !reason) errors.holdReason = "Say why the order is on hold";
  if (target === "porting") {
    for (const line of lines) if (keepsNumber(line) && !portDate(line)) errors[`portDates.${line.id}`] = `Enter line ${line.position}'s port date`;
  }
  for (const id of Object.keys(change.portDates ?? {})) {
    if (!lines.some((line) => String(line.id) === id)) errors[`portDates.${id}`] = "That line is not on this order";
  }
  if (Object.keys(errors).length) throw new OrderFieldErrors(errors);

  const datesChanged = lines.filter((line) => portDate(line) !== line.portDate);
  for (const line of datesChanged) {
    line.portDate = portDate(line);
    await trx.updateTable("orderLines").set({ portDate: line.portDate }).where("id", "=", line.id).execute();
  }
  const statusChanged = target !== order.status;
  const reasonChanged = reason !== order.holdReason;
  if (!statusChanged && !reasonChanged && !datesChanged.length) return { changed: false, emailed: false };

  const today = ukDay(new Date(stamp));
  let made = 0;
  if (statusChanged || reasonChanged) {
    await trx
      .updateTable("orders")
      .set({ status: target, holdReason: reason, ...(target === "live" && !order.liveAt ? { liveAt: stamp } : {}) })
      .where("id", "=", order.id)
      .execute();
    const lineStatus = lineStatusFor(target);
    if (lineStatus) {
      for (const line of lines) if (line.status !== "cancelled") line.status = lineStatus;
      await trx.updateTable("orderLines").set({ status: lineStatus }).where("orderId", "=", order.id).where("status", "!=", "cancelled").execute();
    }
    if (target === "live") {
      made = await makeContracts(trx, order.id, lines, today);
      // A PAC is a key to someone's number: once the line is live it has done its work.
      await trx
        .updateTable("orderLines")
        .set({ pac: null, pacClearedAt: stamp })
        .where("orderId", "=", order.id)
        .where("status", "=", "live")
        .where("pac", "is not", null)
        .execute();
    }
  }

  const dated = lines.filter((line) => line.portDate && keepsNumber(line));
  const datesWords = dated.map((line) => `line ${line.position} ${formatCalendarDay(line.portDate!)}`).join(", ");
  const words = [
    statusChanged || reasonChanged ? ORDER_STATUS_LABELS[target] : "port dates changed",
    target === "on_hold" ? `: ${reason}` : "",
    (target === "porting" || !statusChanged) && datesWords ? ` (port dates: ${datesWords})` : "",
    target === "live" && statusChanged ? ` (${countOf(made, "contract")} made)` : "",
  ].join("");
  const email = statusChanged && isEmailedOrderStatus(target) ? await queueProgressEmail(trx, actor, order, target, dated, stamp) : null;
  await recordOrderChange(trx, actor, order, {
    action: statusChanged || reasonChanged ? "order.status-changed" : "order.port-dates-changed",
    body: staffChangeWords(order, `${words}${email ? `; emailed to ${email}` : ""}`),
    now: stamp,
  });
  return { changed: true, emailed: email !== null };
}

/** Queues the status's email to the billing email, once per order and status; the address it went to, or null when none was queued. */
async function queueProgressEmail(
  trx: Transaction<Database>,
  actor: AdminUser,
  order: OrderRow,
  status: EmailedOrderStatus,
  dated: OrderLineRow[],
  stamp: string,
): Promise<string | null> {
  if (!emailEnabled() || !order.billingEmail) return null;
  const sent = await trx
    .selectFrom("auditLog")
    .select("id")
    .where("entityType", "=", "order")
    .where("entityId", "=", String(order.id))
    .where("action", "=", emailedAction(status))
    .executeTakeFirst();
  if (sent) return null;
  const quote = await trx.selectFrom("quotes").select("token").where("id", "=", order.quoteId).executeTakeFirstOrThrow();
  const content = orderProgressEmail(
    {
      reference: order.reference,
      status,
      ports: status === "porting" ? dated.map((line) => ({ position: line.position, userName: line.userName, portDate: line.portDate! })) : [],
      url: portalUrl(env.APP_URL, customerQuotePath(quote.token)),
    },
    brand,
  );
  await addToOutbox(trx, [{ kind: "order.customer-email", leadId: order.leadId, payload: { to: [order.billingEmail], replyTo: brand.email, ...content } }]);
  await recordAudit(
    actor,
    {
      action: emailedAction(status),
      entityType: "order",
      entityId: order.id,
      summary: `Order ${order.reference}: ${ORDER_STATUS_LABELS[status]} email queued (${stamp})`,
    },
    trx,
  );
  return order.billingEmail;
}
