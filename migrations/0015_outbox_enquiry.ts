import { type Kysely } from "kysely";

/**
 * Outbox rows may belong to a contact enquiry (its staff email copies the
 * enquiry's details): deleting the enquiry deletes them, as deleting a lead
 * deletes its deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("enquiryId", "integer", (col) => col.references("contactEnquiries.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("outbox_enquiry").on("outbox").column("enquiryId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_enquiry").execute();
  await db.schema.alterTable("outbox").dropColumn("enquiryId").execute();
}
