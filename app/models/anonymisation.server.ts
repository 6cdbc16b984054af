import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import { ANONYMISED_TEXT, REMOVED_WORDS } from "~/lib/data-protection";
import type { Database } from "~/lib/database-types";
import { containsText } from "./person-search.server";

/**
 * Clearing a person's details while keeping the record and its figures: the
 * one way both the retention job (app/models/retention.server.ts) and a
 * person's erasure (app/models/person-erasure.server.ts) anonymise. Each
 * function works inside the caller's transaction, so a record is anonymised
 * everywhere or not at all.
 *
 * What stays (the dashboard's figures do not change): a lead's reference,
 * status, team size, contract expiry, business type, contract length, source
 * page, dates, owner, chosen tariff and shortlist; its quotes' lines and money
 * figures; an enquiry's subject and date. What goes: names, email, phone,
 * business and company names, postcode, job title, free text, notes, copies in
 * the outbox, and those details wherever the timeline or audit log repeated them.
 */

type Trx = Transaction<Database>;

export interface AnonymiseOptions {
  /** ISO time written as anonymisedAt. */
  now: string;
}

/** The words a record held that may have been repeated in the timeline or the audit log. */
function personalWords(values: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim();
    // Two letters or fewer would rub out parts of ordinary words.
    if (trimmed && trimmed.length > 2) {
      words.add(trimmed);
      words.add(trimmed.toLowerCase());
    }
  }
  // Longest first: "Jane Smith" goes before "Jane" would leave "[removed] Smith".
  return [...words].sort((a, b) => b.length - a.length);
}

/** `column` with every word replaced by REMOVED_WORDS, as SQL (replace() is the same in both databases). */
function withoutWords(column: string, words: string[]) {
  let expression = sql<string>`${sql.ref(column)}`;
  for (const word of words) expression = sql<string>`replace(${expression}, ${word}, ${REMOVED_WORDS})`;
  return expression;
}

/**
 * Replaces `words` in the summaries of the audit entries about these entities
 * (the entries stay: who did what, when).
 */
export async function removeWordsFromAudit(trx: Trx, entities: { entityType: string; entityIds: Array<string | number> }, words: string[]): Promise<void> {
  if (words.length === 0 || entities.entityIds.length === 0) return;
  await trx
    .updateTable("auditLog")
    .set({ summary: withoutWords("summary", words) })
    .where("entityType", "=", entities.entityType)
    .where(
      "entityId",
      "in",
      entities.entityIds.map((id) => String(id)),
    )
    .execute();
}

/**
 * Anonymises leads that still hold personal details; returns how many were
 * anonymised. Their quotes lose who accepted or declined and the notes, and
 * get a new link (the customer's old link then answers 404); their outbox
 * copies are deleted; their consent records keep the wording and dates but
 * not the address.
 */
export async function anonymiseLeads(trx: Trx, leadIds: number[], { now }: AnonymiseOptions): Promise<number> {
  if (leadIds.length === 0) return 0;
  const leads = await trx
    .selectFrom("leads")
    .select(["id", "firstName", "lastName", "email", "phoneNumber", "businessName", "companyName", "postcode"])
    .where("id", "in", leadIds)
    .where("anonymisedAt", "is", null)
    .execute();
  if (leads.length === 0) return 0;
  const ids = leads.map((lead) => lead.id);
  const quotes = await trx.selectFrom("quotes").select(["id", "acceptedName", "acceptedRole", "declineReason"]).where("leadId", "in", ids).execute();
  const words = personalWords(
    leads.flatMap((lead) => [
      `${lead.firstName} ${lead.lastName}`,
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.phoneNumber,
      lead.businessName,
      lead.companyName,
      lead.postcode,
      ...quotes.flatMap((quote) => [quote.acceptedName, quote.acceptedRole, quote.declineReason]),
    ]),
  );

  await trx
    .updateTable("leads")
    .set({
      firstName: ANONYMISED_TEXT,
      lastName: ANONYMISED_TEXT,
      email: ANONYMISED_TEXT,
      phoneNumber: ANONYMISED_TEXT,
      businessName: ANONYMISED_TEXT,
      companyName: null,
      postcode: null,
      jobTitle: null,
      requirements: null,
      submissionToken: null,
      anonymisedAt: now,
      // A change of the lead: pages drawn from it (the customer's quote page) are drawn again.
      updatedAt: now,
    })
    .where("id", "in", ids)
    .execute();
  // A note is the staff's free text about the person: all of it goes. Other entries keep their words, less the person's.
  await trx.updateTable("leadActivity").set({ body: REMOVED_WORDS }).where("leadId", "in", ids).where("kind", "=", "note").execute();
  if (words.length > 0) {
    await trx
      .updateTable("leadActivity")
      .set({ body: withoutWords("body", words) })
      .where("leadId", "in", ids)
      .where("kind", "!=", "note")
      .execute();
  }
  for (const quote of quotes) {
    await trx
      .updateTable("quotes")
      .set({
        token: crypto.randomBytes(16).toString("base64url"),
        customerNote: null,
        internalMemo: null,
        acceptedName: quote.acceptedName === null ? null : ANONYMISED_TEXT,
        acceptedRole: quote.acceptedRole === null ? null : ANONYMISED_TEXT,
        acceptedIp: null,
        acceptedUserAgent: null,
        declineReason: null,
        updatedAt: now,
      })
      .where("id", "=", quote.id)
      .execute();
  }
  await trx.deleteFrom("outbox").where("leadId", "in", ids).execute();
  await trx.updateTable("consentRecords").set({ email: ANONYMISED_TEXT }).where("leadId", "in", ids).execute();
  await removeWordsFromAudit(trx, { entityType: "lead", entityIds: ids }, words);
  await removeWordsFromAudit(
    trx,
    {
      entityType: "quote",
      entityIds: quotes.map((quote) => quote.id),
    },
    words,
  );
  return leads.length;
}

/** Anonymises contact enquiries that still hold personal details (the subject and date stay); returns how many. */
export async function anonymiseEnquiries(trx: Trx, enquiryIds: number[], { now }: AnonymiseOptions): Promise<number> {
  if (enquiryIds.length === 0) return 0;
  const enquiries = await trx
    .selectFrom("contactEnquiries")
    .select(["id", "firstName", "lastName", "email", "contactNumber"])
    .where("id", "in", enquiryIds)
    .where("anonymisedAt", "is", null)
    .execute();
  if (enquiries.length === 0) return 0;
  const ids = enquiries.map((enquiry) => enquiry.id);
  const words = personalWords(
    enquiries.flatMap((enquiry) => [`${enquiry.firstName} ${enquiry.lastName}`, enquiry.firstName, enquiry.lastName, enquiry.email, enquiry.contactNumber]),
  );
  await trx
    .updateTable("contactEnquiries")
    .set({
      firstName: ANONYMISED_TEXT,
      lastName: ANONYMISED_TEXT,
      email: ANONYMISED_TEXT,
      contactNumber: ANONYMISED_TEXT,
      message: ANONYMISED_TEXT,
      anonymisedAt: now,
    })
    .where("id", "in", ids)
    .execute();
  await trx.deleteFrom("outbox").where("enquiryId", "in", ids).execute();
  await removeWordsFromAudit(trx, { entityType: "enquiry", entityIds: ids }, words);
  return enquiries.length;
}

/**
 * Deletes newsletter sign-ups (a sign-up with its address gone has nothing left
 * to keep); their consent records keep the wording and dates but not the address.
 * Returns how many were deleted.
 */
export async function deleteNewsletterSignups(trx: Trx, signupIds: number[]): Promise<number> {
  if (signupIds.length === 0) return 0;
  const signups = await trx.selectFrom("newsletterSignups").select(["id", "email", "firstName", "lastName"]).where("id", "in", signupIds).execute();
  if (signups.length === 0) return 0;
  const ids = signups.map((signup) => signup.id);
  await trx.updateTable("consentRecords").set({ email: ANONYMISED_TEXT }).where("newsletterSignupId", "in", ids).execute();
  const words = personalWords(
    signups.flatMap((signup) => [signup.email, signup.firstName && signup.lastName ? `${signup.firstName} ${signup.lastName}` : null]),
  );
  await removeWordsFromAudit(trx, { entityType: "newsletterSignup", entityIds: ids }, words);
  // The confirmation email's copy names the address and is tied to no record: found by its recipient.
  const addresses = [...new Set(signups.map((signup) => signup.email.trim().toLowerCase()).filter(Boolean))];
  if (addresses.length > 0) {
    await trx
      .deleteFrom("outbox")
      .where("kind", "=", "newsletter.confirmation-email")
      .where("leadId", "is", null)
      .where((eb) => eb.or(addresses.map((address) => containsText("payload", `"${address}"`))))
      .execute();
  }
  await trx.deleteFrom("newsletterSignups").where("id", "in", ids).execute();
  return signups.length;
}
