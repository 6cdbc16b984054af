import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { QuoteLine, QuoteRow } from "~/features/quotes";
import { isQuoteTokenShape } from "~/features/quotes/index.server";
import type { Database } from "~/platform/database-types";
import { getDb, isUniqueViolation } from "~/platform/db.server";
import { normaliseEmail, normalisePhone } from "~/platform/suppression.server";
import { orderReferenceFrom, splitPence } from "./order-rules";
import type { OrderRow } from "./order-tables";

/**
 * An order is made for an accepted quote (docs/orders.md): when the customer accepts (the quote page's action asks for it after the acceptance is
 * committed) and, for quotes accepted before orders existed or an acceptance whose request ended before it got here, when its order page is first opened.
 * Making it twice makes one: the database keeps one order per quote.
 */

/** Tries of a random reference before giving up: 32^6 references, so a second try is already rare. */
const REFERENCE_TRIES = 5;

type Reader = Pick<Transaction<Database>, "selectFrom">;

/** The accepted quote with this token, or undefined (unknown, malformed, or not accepted). */
export async function acceptedQuoteRow(db: Reader, token: string): Promise<QuoteRow | undefined> {
  if (!isQuoteTokenShape(token)) return undefined;
  return db.selectFrom("quotes").selectAll().where("token", "=", token).where("status", "=", "accepted").executeTakeFirst();
}

/** The order of a quote, if made. */
export function orderOfQuote(db: Reader, quoteId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("quoteId", "=", quoteId).executeTakeFirst();
}

/** An order line per unit of each monthly line with a tariff, in the quote's order, each unit's share of its line's first month to the penny. */
export function orderLinesOf(quote: Pick<QuoteRow, "lines" | "totals">): Array<{ tariffName: string; termMonths: number | null; monthlyExVatPence: number }> {
  const lines = JSON.parse(quote.lines) as QuoteLine[];
  const totals = quote.totals ? (JSON.parse(quote.totals) as { lines: Array<{ amountExVatPence: number }> }) : null;
  return lines.flatMap((line, index) => {
    if (line.charge !== "monthly" || !line.tariff) return [];
    const shares = splitPence(totals?.lines[index]?.amountExVatPence ?? 0, line.quantity);
    return shares.map((monthlyExVatPence) => ({ tariffName: line.description, termMonths: line.termMonths, monthlyExVatPence }));
  });
}

async function insertOrder(trx: Transaction<Database>, quote: QuoteRow, now: string): Promise<OrderRow> {
  const lead = await trx
    .selectFrom("leads")
    .select(["businessName", "companyName", "firstName", "lastName", "email", "phoneNumber", "assignedTo"])
    .where("id", "=", quote.leadId)
    .executeTakeFirstOrThrow();
  const order = await trx
    .insertInto("orders")
    .values({
      quoteId: quote.id,
      leadId: quote.leadId,
      reference: orderReferenceFrom(randomBytes(6)),
      status: "awaiting_details",
      holdReason: null,
      ownerId: lead.assignedTo,
      version: 1,
      businessKind: null,
      businessName: lead.companyName || lead.businessName,
      companyNumber: null,
      deliveryName: null,
      deliveryLine1: null,
      deliveryLine2: null,
      deliveryTown: null,
      deliveryPostcode: null,
      billingName: `${lead.firstName} ${lead.lastName}`.trim(),
      billingEmail: lead.email,
      billingEmailNormalised: normaliseEmail(lead.email),
      billingPhone: lead.phoneNumber,
      billingPhoneNormalised: normalisePhone(lead.phoneNumber),
      earliestConnectionDate: null,
      createdAt: now,
      updatedAt: now,
      detailsSubmittedAt: null,
      liveAt: null,
      anonymisedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const lines = orderLinesOf(quote);
  if (lines.length > 0) {
    await trx
      .insertInto("orderLines")
      .values(lines.map((line, index) => ({ orderId: order.id, position: index + 1, status: "awaiting_details" as const, ...line })))
      .execute();
  }
  return order;
}

/**
 * The order of the accepted quote with this token, made now if it has none; undefined when the token is not an accepted quote's. Safe to call again and from
 * two requests at once: the second finds the first's order (or loses the race on the unique quote and reads it).
 */
export async function ensureOrderForQuote(token: string, now = new Date()): Promise<OrderRow | undefined> {
  const db = await getDb();
  const quote = await acceptedQuoteRow(db, token);
  if (!quote) return undefined;
  const existing = await orderOfQuote(db, quote.id);
  if (existing) return existing;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => (await orderOfQuote(trx, quote.id)) ?? insertOrder(trx, quote, now.toISOString()));
    } catch (error) {
      if (isUniqueViolation(error, "orders", "quoteId")) return orderOfQuote(db, quote.id);
      if (isUniqueViolation(error, "orders", "reference") && attempt < REFERENCE_TRIES) continue;
      throw error;
    }
  }
}
