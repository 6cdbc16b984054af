import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { seedQuote, seedQuoteLead, ukDayFromNow } from "./seeded-quotes";

/** Live orders and their contracts, straight into the database, as years of orders leave them: for the renewals job and screen. */

export interface SeededOrder {
  orderId: number;
  leadId: number;
  reference: string;
}

/** A live order of a lead with an accepted quote, with one contract per `ends` (days from today). */
export async function seedLiveOrder(
  db: Kysely<Database>,
  order: { businessName: string; email: string; ownerId: string | null; ends: number[]; anonymised?: boolean },
): Promise<SeededOrder> {
  const lead = await seedQuoteLead(db, { businessName: order.businessName, email: order.email, assignedTo: order.ownerId });
  const quoteId = await seedQuote(db, {
    leadId: lead.id,
    status: "accepted",
    acceptedAt: new Date().toISOString(),
    acceptedName: "Ada Signer",
    acceptedRole: "Director",
  });
  const stamp = new Date().toISOString();
  const reference = `ORD-${String(lead.id).padStart(6, "0").slice(-6)}`;
  const { id: orderId } = await db
    .insertInto("orders")
    .values({
      quoteId,
      leadId: lead.id,
      reference,
      status: "live",
      ownerId: order.ownerId,
      businessName: order.businessName,
      billingName: "Ada Signer",
      billingEmail: order.email,
      billingEmailNormalised: order.email,
      createdAt: stamp,
      updatedAt: stamp,
      liveAt: stamp,
      anonymisedAt: order.anonymised ? stamp : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [index, days] of order.ends.entries()) {
    const { id: orderLineId } = await db
      .insertInto("orderLines")
      .values({ orderId, position: index + 1, tariffName: "Business 30GB", termMonths: 24, monthlyExVatPence: 1400 + index * 100, status: "live" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("contracts")
      .values({
        orderId,
        orderLineId,
        tariffName: "Business 30GB",
        termMonths: 24,
        monthlyExVatPence: 1400 + index * 100,
        startDate: "2025-01-01",
        endDate: ukDayFromNow(days),
      })
      .execute();
  }
  return { orderId, leadId: lead.id, reference };
}
