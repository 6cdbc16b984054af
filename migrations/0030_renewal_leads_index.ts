import type { Kysely } from "kysely";

/**
 * The dashboard counts the renewal leads made and won on every load (app/features/orders/order-figures.server.ts): without an index that read every lead.
 * Partial, so the leads that are not renewals (almost all) cost it nothing; it also finds an order's renewal leads when the order goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("leads_renewal_of_order").on("leads").columns(["renewalOfOrderId", "status"]).where("renewalOfOrderId", "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_renewal_of_order").execute();
}
