import type { Kysely, Transaction } from "kysely";
import { consentState, MARKETING_CONSENT, pecrSubscriberKind, type ConsentWithdrawnHow, type LeadMarketing } from "./consent";
import type { Database } from "~/platform/database-types";
import { nowIso } from "~/platform/db.server";

/**
 * Consent records (PECR): proof of each consent to marketing email, given with a lead or a newsletter sign-up, and of its withdrawal. A record keeps the exact
 * words and version the visitor saw; it outlives the lead or sign-up.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** Records marketing consent given now with the current wording, in the caller's transaction. */
export async function recordMarketingConsent(
  trx: Executor,
  records: Array<{ email: string; page: string; leadId?: number; newsletterSignupId?: number }>,
): Promise<void> {
  if (records.length === 0) return;
  const givenAt = nowIso();
  await trx
    .insertInto("consentRecords")
    .values(
      records.map((record) => ({
        email: record.email,
        leadId: record.leadId ?? null,
        newsletterSignupId: record.newsletterSignupId ?? null,
        purpose: "marketing_email" as const,
        page: record.page,
        wording: MARKETING_CONSENT.wording,
        wordingVersion: MARKETING_CONSENT.version,
        givenAt,
      })),
    )
    .execute();
}

/** Withdraws every marketing consent an address gave (with a lead or a sign-up) that is not withdrawn yet. */
export async function withdrawMarketingConsent(trx: Executor, email: string, how: ConsentWithdrawnHow): Promise<void> {
  await trx
    .updateTable("consentRecords")
    .set({ withdrawnAt: nowIso(), withdrawnHow: how })
    .where("email", "=", email)
    .where("purpose", "=", "marketing_email")
    .where("withdrawnAt", "is", null)
    .execute();
}

/** A lead's consent (from its newest record) and its PECR subscriber kind. */
export async function leadMarketing(db: Executor, lead: { id: number; businessType: string }): Promise<LeadMarketing> {
  const records = await db
    .selectFrom("consentRecords")
    .select(["wording", "wordingVersion", "page", "givenAt", "withdrawnAt", "withdrawnHow"])
    .where("leadId", "=", lead.id)
    .where("purpose", "=", "marketing_email")
    .orderBy("givenAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return { consent: consentState(records), record: records[0] ?? null, subscriberKind: pecrSubscriberKind(lead.businessType) };
}
