import type { Transaction } from "kysely";
import { ukDay } from "~/lib/calendar";
import type { FieldErrors } from "~/lib/form-submission";
import { parseWithSchema } from "~/lib/form-submission";
import type { Database } from "~/platform/database-types";
import { forChange, getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { normaliseEmail, normalisePhone } from "~/platform/suppression.server";
import type { CustomerOrder, CustomerOrderDraft, CustomerOrderLine } from "./customer-order";
import { acceptedQuoteRow, ensureOrderForQuote, orderOfQuote } from "./order-creation.server";
import { REGISTERED_BUSINESS_KINDS, type NumberChoice, type OrderBusinessKind, type SimType } from "./order-lists";
import { pacEndingOf } from "./order-rules";
import { BILLING_FIELDS, BUSINESS_FIELDS, DELIVERY_FIELDS, LINE_COUNT_FIELD, lineFieldName, type OrderSection } from "./customer-order";
import { orderSectionSchema } from "./order-schemas";
import type { OrderLineRow, OrderRow } from "./order-tables";

/** The customer's side of an order, found by its quote's token (whoever holds the link is the customer, as for the quote). */

const NOT_FOUND = "Order not found";

/** Said when a submitted order is posted to again: the customer's part is done, staff change it from here. */
export const ORDER_SUBMITTED_MESSAGE = "This order has been submitted, so it can no longer be changed here. Call or email us and we will change it for you.";

type Reader = Pick<Transaction<Database>, "selectFrom">;

function linesOf(db: Reader, orderId: number): Promise<OrderLineRow[]> {
  return db.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
}

function customerLine(line: OrderLineRow): CustomerOrderLine {
  return {
    position: line.position,
    tariffName: line.tariffName,
    termMonths: line.termMonths,
    monthlyExVatPence: line.monthlyExVatPence,
    status: line.status,
    userName: line.userName,
    numberChoice: line.numberChoice,
    mobileNumber: line.mobileNumber,
    pacEnding: line.pacEnding,
    simType: line.simType,
    portDate: line.portDate,
  };
}

function customerOrder(order: OrderRow, lines: OrderLineRow[]): CustomerOrder {
  return {
    reference: order.reference,
    status: order.status,
    holdReason: order.holdReason,
    detailsSubmittedAt: order.detailsSubmittedAt,
    businessKind: order.businessKind,
    businessName: order.businessName,
    lines: lines.map(customerLine),
  };
}

/** The saved answers as the form's fields name them (empty text for none). */
export function storedFormValues(order: OrderRow, lines: OrderLineRow[]): Record<string, string> {
  const values: Record<string, string> = { [LINE_COUNT_FIELD]: String(lines.length) };
  for (const line of lines) {
    const name = (field: Parameters<typeof lineFieldName>[1]) => lineFieldName(line.position, field);
    values[name("userName")] = line.userName ?? "";
    values[name("numberChoice")] = line.numberChoice ?? "";
    values[name("mobileNumber")] = line.mobileNumber ?? "";
    values[name("pac")] = line.pac ?? "";
    values[name("pacIssuedOn")] = line.pacIssuedOn ?? "";
    values[name("simType")] = line.simType ?? "";
  }
  const fields = [...BUSINESS_FIELDS, ...DELIVERY_FIELDS, ...BILLING_FIELDS];
  for (const field of fields) values[field] = order[field] ?? "";
  return values;
}

/** The order form of the accepted quote with this token (its order made now if it has none); null for any other token. */
export async function customerOrderDraft(token: string, now = new Date()): Promise<CustomerOrderDraft | null> {
  const order = await ensureOrderForQuote(token, now);
  if (!order) return null;
  const lines = await linesOf(await getDb(), order.id);
  // After submission the PAC is never shown again, in the form's values either.
  const values = order.detailsSubmittedAt ? {} : storedFormValues(order, lines);
  return { ...customerOrder(order, lines), values };
}

/** The order's progress for the quote's page: null when the quote is not accepted or has no order yet. Makes nothing. */
export async function customerOrderProgress(token: string): Promise<CustomerOrder | null> {
  const db = await getDb();
  const quote = await acceptedQuoteRow(db, token);
  if (!quote) return null;
  const order = await orderOfQuote(db, quote.id);
  return order ? customerOrder(order, await linesOf(db, order.id)) : null;
}

/** The draft order of this token, locked for a change; 404 for no order, 409 once submitted. */
export async function draftForChange(trx: Transaction<Database>, token: string): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const quote = await acceptedQuoteRow(trx, token);
  if (!quote) throw new ModelError(404, NOT_FOUND);
  const order = await forChange(trx.selectFrom("orders").selectAll().where("quoteId", "=", quote.id)).executeTakeFirst();
  if (!order) throw new ModelError(404, NOT_FOUND);
  return { order, lines: await linesOf(trx, order.id) };
}

export type SectionSaved = { outcome: "saved" } | { outcome: "refused"; fieldErrors: FieldErrors };

const orUndefined = (value: unknown) => (typeof value === "string" ? value : undefined);
const orNull = (value: unknown) => (typeof value === "string" ? value : null);

/** The columns a section's checked answers set. */
function orderChanges(section: Exclude<OrderSection, "lines">, data: Record<string, unknown>) {
  if (section === "business") {
    const kind = orUndefined(data.businessKind) as OrderBusinessKind | undefined;
    const registered = kind !== undefined && REGISTERED_BUSINESS_KINDS.includes(kind);
    return { businessKind: kind ?? null, businessName: orNull(data.businessName), companyNumber: registered ? orNull(data.companyNumber) : null };
  }
  if (section === "delivery") {
    return {
      deliveryName: orNull(data.deliveryName),
      deliveryLine1: orNull(data.deliveryLine1),
      deliveryLine2: orNull(data.deliveryLine2),
      deliveryTown: orNull(data.deliveryTown),
      deliveryPostcode: orNull(data.deliveryPostcode),
    };
  }
  const email = orNull(data.billingEmail);
  const phone = orNull(data.billingPhone);
  return {
    billingName: orNull(data.billingName),
    billingEmail: email,
    billingEmailNormalised: email === null ? null : normaliseEmail(email),
    billingPhone: phone,
    billingPhoneNormalised: phone === null ? null : normalisePhone(phone),
    earliestConnectionDate: orNull(data.earliestConnectionDate),
  };
}

async function saveLines(trx: Transaction<Database>, lines: OrderLineRow[], data: Record<string, unknown>): Promise<void> {
  for (const line of lines) {
    const value = (field: Parameters<typeof lineFieldName>[1]) => orNull(data[lineFieldName(line.position, field)]);
    const numberChoice = value("numberChoice") as NumberChoice | null;
    const keeps = numberChoice === "keep";
    const pac = keeps ? value("pac") : null;
    await trx
      .updateTable("orderLines")
      .set({
        userName: value("userName"),
        numberChoice,
        mobileNumber: keeps ? value("mobileNumber") : null,
        pac,
        pacEnding: pac === null ? null : pacEndingOf(pac),
        pacIssuedOn: keeps ? value("pacIssuedOn") : null,
        simType: value("simType") as SimType | null,
      })
      .where("id", "=", line.id)
      .execute();
  }
}

/**
 * Saves one section of a draft order as the customer typed it (each answer checked for its shape, none yet required). A refusal changes nothing; a saved
 * section moves the order's version on. 404 for a token with no order, 409 once submitted.
 */
export async function saveOrderSection(token: string, section: OrderSection, values: Record<string, string>, now = new Date()): Promise<SectionSaved> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const { order, lines } = await draftForChange(trx, token);
    if (order.detailsSubmittedAt) throw new ModelError(409, ORDER_SUBMITTED_MESSAGE);
    const schema = orderSectionSchema(section, { lineCount: lines.length, today: ukDay(now), connectionDate: order.earliestConnectionDate });
    const parsed = parseWithSchema(schema, values);
    if (!parsed.success) return { outcome: "refused", fieldErrors: parsed.fieldErrors };
    const data = parsed.data as Record<string, unknown>;
    if (section === "lines") await saveLines(trx, lines, data);
    const changes = section === "lines" ? {} : orderChanges(section, data);
    await trx
      .updateTable("orders")
      .set({ ...changes, version: order.version + 1, updatedAt: now.toISOString() })
      .where("id", "=", order.id)
      .execute();
    return { outcome: "saved" };
  });
}
