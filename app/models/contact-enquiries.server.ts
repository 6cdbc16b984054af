import type { ContactEnquiryInput } from "~/lib/schemas/public-forms";
import { getDb, nowIso } from "~/services/db.server";

export async function createContactEnquiry(input: ContactEnquiryInput): Promise<{ id: number }> {
  const db = await getDb();
  return db
    .insertInto("contactEnquiries")
    .values({ ...input, createdAt: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
}
