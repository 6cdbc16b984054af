import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import { ukYear } from "~/lib/calendar";
import { formatLeadReference } from "./lead-reference";
import { RENEWAL_SOURCE_PAGE } from "./lead-lists";

/** The renewal lead made, and the first lead's contact it was made from (for the emails that follow). */
interface RenewalLead {
  id: number;
  reference: string;
  first: { businessName: string; companyName: string | null; email: string };
}

interface RenewalLeadFields {
  /** The customer's first lead (the one whose quote became the order): its answers and contact are the renewal's. */
  fromLeadId: number;
  orderId: number;
  /** The order's owner, who works the renewal; null when the order has none. */
  ownerId: string | null;
  /** The business as the order names it (the network's records), else the first lead's. */
  businessName: string | null;
  now: Date;
}

/**
 * A renewal lead, in the transaction that claims the contracts it renews: status New, marked as a renewal of the order, owned by
 * the order's owner, with the first lead's contact and answers (the contract now ends soon). Null when the first lead was
 * anonymised: there is no one to contact. No webhook or new-lead email: it did not come from the site, and its owner is told by
 * the renewals job itself.
 */
export async function insertRenewalLead(trx: Transaction<Database>, fields: RenewalLeadFields): Promise<RenewalLead | null> {
  const first = await trx.selectFrom("leads").selectAll().where("id", "=", fields.fromLeadId).executeTakeFirst();
  if (!first || first.anonymisedAt) return null;
  const stamp = fields.now.toISOString();
  // A clash would abort the transaction on Postgres, losing the claim made in it: a reference is chosen from a few that are free now.
  const candidates = Array.from({ length: 8 }, () => formatLeadReference(ukYear(fields.now), crypto.randomInt(0, 1_000_000)));
  const taken = new Set((await trx.selectFrom("leads").select("reference").where("reference", "in", candidates).execute()).map((row) => row.reference));
  const reference = candidates.find((candidate) => !taken.has(candidate));
  if (!reference) throw new Error("No free lead reference among eight drawn");
  const { id } = await trx
    .insertInto("leads")
    .values({
      reference,
      status: "new",
      teamSize: first.teamSize,
      contractExpiry: "Under 3 months",
      businessType: first.businessType,
      businessName: fields.businessName ?? first.businessName,
      postcode: first.postcode,
      firstName: first.firstName,
      lastName: first.lastName,
      email: first.email,
      phoneNumber: first.phoneNumber,
      companyName: first.companyName,
      contractLength: first.contractLength,
      jobTitle: first.jobTitle,
      requirements: null,
      sourcePage: RENEWAL_SOURCE_PAGE,
      // Its origin is the customer's own contract, not a channel: the sources report shows renewals as their own source.
      source: RENEWAL_SOURCE_PAGE,
      submissionToken: null,
      tariff: null,
      tariffShortlist: null,
      createdAt: stamp,
      updatedAt: stamp,
      renewalOfOrderId: fields.orderId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (fields.ownerId) await trx.updateTable("leads").set({ assignedTo: fields.ownerId }).where("id", "=", id).execute();
  return { id, reference, first: { businessName: first.businessName, companyName: first.companyName, email: first.email } };
}
