import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { seedOrder as seedAnyOrder, type SeededOrder, type SeededOrderIds } from "./seeded-orders";

/**
 * Orders written straight into a test server's database for the personal-data paths (Find a person, the access export, erasure, retention), in the states
 * the customer and staff sides make them, holding only the personal data a test names: a search or a scan of the stored rows then finds nothing else.
 */

/** An order of the lead, its contact details empty unless given; one line unless said, each a SIM on Business SIM 30GB at £10.50 a month, keeping its number when it has one. */
export function seedOrder(db: Kysely<Database>, order: SeededOrder & { leadId: number }): Promise<SeededOrderIds> {
  return seedAnyOrder(db, {
    deliveryName: null,
    deliveryLine1: null,
    deliveryTown: null,
    deliveryPostcode: null,
    billingName: null,
    billingEmail: null,
    billingPhone: null,
    earliestConnectionDate: null,
    ...order,
    lines: (order.lines ?? [{}]).map((line) => ({
      tariffName: "Business SIM 30GB",
      monthlyExVatPence: 1050,
      numberChoice: line.mobileNumber ? "keep" : "new",
      simType: "sim",
      ...line,
    })),
  });
}
