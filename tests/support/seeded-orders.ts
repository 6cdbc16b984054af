import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { orderReferenceFrom, pacEndingOf } from "~/features/orders/order-rules";
import type { Database } from "~/platform/database-types";
import type { OrderLineRow, OrderRow } from "~/features/orders";
import { seedQuote, seedQuoteLead, ukDayFromNow } from "./seeded-quotes";

let seededOrders = 0;

/**
 * Orders written straight into a test server's database, as the customer's side leaves them once submitted (details received, each line with its user,
 * number, PAC and SIM), for the staff screens' tests. Each order completes a seeded accepted quote.
 */

export interface SeededLine {
  userName?: string | null;
  numberChoice?: "keep" | "new" | null;
  mobileNumber?: string | null;
  /** Kept upper case as the customer's side stores it; its ending is stored beside it. */
  pac?: string | null;
  pacIssuedOn?: string | null;
  simType?: "sim" | "esim" | null;
  tariffName?: string;
  termMonths?: number | null;
  monthlyExVatPence?: number;
  status?: OrderLineRow["status"];
}

export interface SeededOrder {
  businessName: string;
  ownerId?: string | null;
  status?: OrderRow["status"];
  billingEmail?: string | null;
  /** Two lines unless said: one keeping a number with a PAC, one new. */
  lines?: SeededLine[];
  updatedAt?: string;
}

/** Lines of an order: one keeping 07700900123 with PAC ABC123456, one new number. */
export const TWO_LINES: SeededLine[] = [
  { userName: "Alex Keeper", numberChoice: "keep", mobileNumber: "07700900123", pac: "ABC123456", pacIssuedOn: ukDayFromNow(-2), simType: "sim" },
  { userName: "Bo Newman", numberChoice: "new", simType: "esim" },
];

/** An order of a new accepted quote, with its lines; its id, reference and lines' ids. */
export async function seedOrder(db: Kysely<Database>, order: SeededOrder): Promise<{ id: number; reference: string; leadId: number; lineIds: number[] }> {
  seededOrders += 1;
  const lead = await seedQuoteLead(db, { businessName: order.businessName, assignedTo: order.ownerId ?? null });
  const quoteId = await seedQuote(db, { leadId: lead.id, status: "accepted", acceptedAt: new Date().toISOString(), acceptedName: "Sam Buyer" });
  const stamp = order.updatedAt ?? new Date().toISOString();
  const billingEmail = order.billingEmail === undefined ? `billing${seededOrders}@example.co.uk` : order.billingEmail;
  const reference = orderReferenceFrom(randomBytes(6));
  const row = await db
    .insertInto("orders")
    .values({
      quoteId,
      leadId: lead.id,
      reference,
      status: order.status ?? "details_received",
      holdReason: null,
      ownerId: order.ownerId ?? null,
      businessKind: "limited_company",
      businessName: order.businessName,
      companyNumber: "01234567",
      deliveryName: "Sam Buyer",
      deliveryLine1: "1 High Street",
      deliveryLine2: null,
      deliveryTown: "London",
      deliveryPostcode: "SW1A 1AA",
      billingName: "Sam Buyer",
      billingEmail,
      billingEmailNormalised: billingEmail?.toLowerCase() ?? null,
      billingPhone: "07700 900999",
      billingPhoneNormalised: "07700900999",
      earliestConnectionDate: ukDayFromNow(7),
      createdAt: stamp,
      updatedAt: stamp,
      detailsSubmittedAt: stamp,
      liveAt: null,
      anonymisedAt: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lines = order.lines ?? TWO_LINES;
  const inserted = await db
    .insertInto("orderLines")
    .values(
      lines.map((line, index) => ({
        orderId: row.id,
        position: index + 1,
        tariffName: line.tariffName ?? "Vodafone Business Unlimited",
        termMonths: line.termMonths === undefined ? 24 : line.termMonths,
        monthlyExVatPence: line.monthlyExVatPence ?? 1500,
        // On hold is said of the order alone: its lines keep the status before it.
        status: line.status ?? (order.status === "on_hold" || !order.status ? "details_received" : order.status),
        userName: line.userName ?? null,
        numberChoice: line.numberChoice ?? null,
        mobileNumber: line.mobileNumber ?? null,
        pac: line.pac ?? null,
        pacEnding: line.pac ? pacEndingOf(line.pac) : null,
        pacIssuedOn: line.pacIssuedOn ?? null,
        pacClearedAt: null,
        simType: line.simType ?? null,
        portDate: null,
      })),
    )
    .returning("id")
    .execute();
  return { id: row.id, reference, leadId: lead.id, lineIds: inserted.map((line) => line.id).sort((a, b) => a - b) };
}
