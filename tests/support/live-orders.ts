import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { seedOrder } from "./seeded-orders";
import { ukDayFromNow } from "./seeded-quotes";

/** Live orders and their contracts, straight into the database, as years of orders leave them: for the renewals job and screen. */

export interface SeededOrder {
  orderId: number;
  leadId: number;
  reference: string;
}

/** A live order of a new lead with an accepted quote, live since 2025, with one line and contract per `ends` (days from today): £14, £15, £16… a month. */
export async function seedLiveOrder(
  db: Kysely<Database>,
  order: { businessName: string; email: string; ownerId: string | null; ends: number[]; anonymised?: boolean },
): Promise<SeededOrder> {
  const seeded = await seedOrder(db, {
    businessName: order.businessName,
    leadEmail: order.email,
    billingEmail: order.email,
    ownerId: order.ownerId,
    anonymised: order.anonymised,
    liveOn: "2025-01-01",
    lines: order.ends.map((days, index) => ({ tariffName: "Business 30GB", monthlyExVatPence: 1400 + index * 100, endsOn: ukDayFromNow(days) })),
  });
  return { orderId: seeded.id, leadId: seeded.leadId, reference: seeded.reference };
}
