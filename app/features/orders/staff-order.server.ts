import type { Kysely, Transaction } from "kysely";
import { fullName, type AdminUser } from "~/features/staff";
import { formatDateTime } from "~/lib/calendar";
import type { Database } from "~/platform/database-types";
import { forChange, getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { deliverOutboxSoon } from "~/platform/outbox.server";
import { normaliseEmail, normalisePhone } from "~/platform/suppression.server";
import type { OrderLineRow, OrderRow } from "./order-tables";
import { OrderFieldErrors, OrderVersionConflict } from "./staff-order-errors.server";
import { normaliseMobile, normalisePac, normalisePostcode, ORDER_DETAIL_FIELDS, type OrderChange, type OrderLineChange } from "./staff-order-schema";
import type { StaffOrder, StaffOrderLine } from "./staff-order";
import { changeOrderStatus } from "./order-status.server";
import { ORDER_CHANGE_ACTIONS, recordOrderChange, staffChangeWords } from "./order-record.server";

/** Staff reading and changing one order (docs/orders.md, "Staff take it to live"); every change bumps its version, with a timeline and an audit entry. */

/** Who changed an order when no staff member did: the customer filling it in. */
const CUSTOMER_ACTOR = "the customer";

const DETAIL_WORDS: Record<(typeof ORDER_DETAIL_FIELDS)[number], string> = {
  businessName: "business name",
  companyNumber: "company number",
  deliveryName: "delivery name",
  deliveryLine1: "address line 1",
  deliveryLine2: "address line 2",
  deliveryTown: "town",
  deliveryPostcode: "postcode",
  billingName: "billing name",
  billingEmail: "billing email",
  billingPhone: "billing phone",
  earliestConnectionDate: "earliest connection date",
};

const LINE_WORDS: Record<Exclude<keyof OrderLineChange, "id">, string> = {
  userName: "user",
  numberChoice: "number choice",
  mobileNumber: "mobile number",
  pac: "PAC",
  pacIssuedOn: "PAC date",
  simType: "SIM type",
  tariffName: "tariff",
  termMonths: "term",
  portDate: "port date",
};

function toStaffLine(row: OrderLineRow): StaffOrderLine {
  const { pac, orderId: _orderId, ...rest } = row;
  return { ...rest, pacHeld: pac !== null };
}

/** The order as staff see it, or 404. */
export async function getStaffOrder(orderId: number, db?: Kysely<Database> | Transaction<Database>): Promise<StaffOrder> {
  const reader = db ?? (await getDb());
  const order = await reader.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) throw new ModelError(404, "Order not found");
  const [lead, lines, contracts, owner, audit] = await Promise.all([
    reader.selectFrom("leads").select(["id", "reference"]).where("id", "=", order.leadId).executeTakeFirstOrThrow(),
    reader.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute(),
    reader.selectFrom("contracts").select(["orderLineId", "startDate", "endDate", "termMonths", "monthlyExVatPence"]).where("orderId", "=", orderId).execute(),
    order.ownerId ? reader.selectFrom("adminUsers").select(["firstName", "lastName"]).where("id", "=", order.ownerId).executeTakeFirst() : undefined,
    reader
      .selectFrom("auditLog")
      .select(["actorName", "createdAt"])
      .where("entityType", "=", "order")
      .where("entityId", "=", String(orderId))
      .where("action", "in", ORDER_CHANGE_ACTIONS)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  // The latest staff change is in the audit log; a newer stamp on the order is the customer's own saving.
  const byStaff = audit && audit.createdAt >= order.updatedAt ? audit.actorName : null;
  const { billingEmailNormalised: _email, billingPhoneNormalised: _phone, anonymisedAt: _anonymised, leadId: _leadId, ...fields } = order;
  return {
    ...fields,
    lead,
    owner: owner ? fullName(owner) : null,
    lastChange: { by: byStaff ?? CUSTOMER_ACTOR, at: order.updatedAt, atText: formatDateTime(order.updatedAt) },
    lines: lines.map(toStaffLine),
    contracts,
  };
}

/** The details' columns to set from a change: only fields that differ, each normalised as stored. */
function detailUpdates(order: OrderRow, change: OrderChange): { set: Partial<OrderRow>; words: string[] } {
  const set: Record<string, string | null> = {};
  const words: string[] = [];
  for (const field of ORDER_DETAIL_FIELDS) {
    if (change[field] === undefined) continue;
    let value = change[field] ?? null;
    if (field === "deliveryPostcode" && value) value = normalisePostcode(value);
    if (value === order[field]) continue;
    set[field] = value;
    words.push(DETAIL_WORDS[field]);
    if (field === "billingEmail") set.billingEmailNormalised = value ? normaliseEmail(value) : null;
    if (field === "billingPhone") set.billingPhoneNormalised = value ? normalisePhone(value) : null;
  }
  return { set: set as Partial<OrderRow>, words };
}

/** A line's columns to set from its change: only those that differ. A new PAC is stored upper case with its ending; a new number in national digits. */
function lineUpdates(line: OrderLineRow, change: OrderLineChange): { set: Partial<OrderLineRow>; words: string[] } {
  const set: Record<string, string | number | null> = {};
  const words: string[] = [];
  for (const key of Object.keys(LINE_WORDS) as Array<keyof typeof LINE_WORDS>) {
    if (change[key] === undefined) continue;
    let value: string | number | null = change[key] ?? null;
    if (key === "mobileNumber" && typeof value === "string") value = normaliseMobile(value);
    if (key === "pac") {
      // Blank leaves the PAC as it is: staff replace a PAC, they never read it back.
      if (value === null) continue;
      value = normalisePac(String(value));
      set.pacEnding = value!.slice(-3);
      set.pacClearedAt = null;
    }
    if (value === line[key]) continue;
    set[key] = value;
    words.push(LINE_WORDS[key]);
  }
  return { set: set as Partial<OrderLineRow>, words };
}

/**
 * One staff change to an order: details, lines and status, each part applied in one transaction and said on the lead's timeline and in the audit log. 404
 * for no order; 409 with the current order when `version` is not the order's (someone saved first); 400 by field for a rule the schema cannot see (a line of
 * another order, a port date missing). A change that changes nothing leaves the order (and its version) as it was. Gives the order as it now is.
 */
export async function changeOrder(actor: AdminUser, orderId: number, change: OrderChange, now = new Date()): Promise<StaffOrder> {
  const db = await getDb();
  const result = await db.transaction().execute(async (trx) => {
    const order = await forChange(trx.selectFrom("orders").selectAll().where("id", "=", orderId)).executeTakeFirst();
    if (!order) throw new ModelError(404, "Order not found");
    if (change.version !== order.version) throw new OrderVersionConflict(await getStaffOrder(orderId, trx));
    const stamp = now.toISOString();
    const lines = await trx.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
    let changed = false;

    const details = detailUpdates(order, change);
    if (details.words.length) {
      await trx.updateTable("orders").set(details.set).where("id", "=", orderId).execute();
      await recordOrderChange(trx, actor, order, {
        action: "order.details-changed",
        body: staffChangeWords(order, `details changed (${details.words.join(", ")})`),
        now: stamp,
      });
      changed = true;
    }

    const byId = new Map(lines.map((line) => [line.id, line]));
    const unknown = Object.fromEntries(
      (change.lines ?? []).flatMap((line, index) => (byId.has(line.id) ? [] : [[`lines.${index}.id`, "That line is not on this order"]])),
    );
    if (Object.keys(unknown).length) throw new OrderFieldErrors(unknown);
    for (const lineChange of change.lines ?? []) {
      const line = byId.get(lineChange.id)!;
      const update = lineUpdates(line, lineChange);
      if (!update.words.length) continue;
      await trx.updateTable("orderLines").set(update.set).where("id", "=", line.id).execute();
      Object.assign(line, update.set);
      await recordOrderChange(trx, actor, order, {
        action: "order.line-changed",
        body: staffChangeWords(order, `line ${line.position} changed (${update.words.join(", ")})`),
        now: stamp,
      });
      changed = true;
    }

    const status = await changeOrderStatus(trx, actor, order, lines, change, stamp);
    changed ||= status.changed;

    if (changed)
      await trx
        .updateTable("orders")
        .set({ version: order.version + 1, updatedAt: stamp })
        .where("id", "=", orderId)
        .execute();
    return { order: await getStaffOrder(orderId, trx), emailed: status.emailed };
  });
  if (result.emailed) deliverOutboxSoon();
  return result.order;
}
