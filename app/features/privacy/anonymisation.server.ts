import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { ANONYMISED_TEXT, PERSONAL_AUDIT_ENTITY_TYPES, REMOVED_WORDS, withoutWordsIgnoringCase } from "./data-protection";
import type { Database } from "~/platform/database-types";
import { normaliseEmail } from "~/platform/suppression.server";
import { anonymiseOrderLines, anonymiseOrderRows, orderIdsOfLeads, orderWords } from "~/features/orders/index.server";

/**
 * Clearing a person's details while keeping the record and its figures: the one way both the retention job (app/features/privacy/retention.server.ts) and a
 * person's erasure (app/features/privacy/person-erasure.server.ts) anonymise. Each function works inside the caller's transaction, so a record is anonymised
 * everywhere or not at all.
 *
 * What stays (the dashboard's figures do not change): a lead's reference, status, team size, contract expiry, business type, contract length, source page,
 * dates, owner, chosen tariff and shortlist; its quotes' lines and money figures; an enquiry's subject and date. What goes: names, email, phone, business and
 * company names, postcode, job title, free text, notes, copies in the outbox, and those details wherever the timeline or audit log repeated them.
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
    if (trimmed && trimmed.length > 2) words.add(trimmed);
  }
  return [...words];
}

/**
 * Replaces each record's own words, whatever their case, in the summaries of the audit entries about it (the entries stay: who did what, when); only the
 * entries that change are written.
 */
async function removeWordsFromAudit(trx: Trx, entityType: string, wordsByEntity: ReadonlyMap<number, string[]>): Promise<void> {
  const ids = [...wordsByEntity.keys()].filter((id) => (wordsByEntity.get(id) ?? []).length > 0);
  if (ids.length === 0) return;
  const entries = await trx
    .selectFrom("auditLog")
    .select(["id", "entityId", "summary"])
    .where("entityType", "=", entityType)
    .where("entityId", "in", ids.map(String))
    .execute();
  for (const entry of entries) {
    const summary = withoutWordsIgnoringCase(entry.summary, wordsByEntity.get(Number(entry.entityId)) ?? []);
    if (summary !== entry.summary) await trx.updateTable("auditLog").set({ summary }).where("id", "=", entry.id).execute();
  }
}

/**
 * Anonymises leads that still hold personal details; returns how many were anonymised. Their quotes lose who accepted or declined and the notes, and get a new
 * link (the customer's old link then answers 404); their outbox copies are deleted; their consent records keep the wording and dates but not the address.
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
  const quotes = await trx.selectFrom("quotes").select(["id", "leadId", "acceptedName", "acceptedRole", "declineReason"]).where("leadId", "in", ids).execute();
  // Each lead's own words, rubbed out of its own entries only.
  const wordsByLead = new Map(
    leads.map((lead) => [
      lead.id,
      personalWords([
        `${lead.firstName} ${lead.lastName}`,
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.phoneNumber,
        lead.businessName,
        lead.companyName,
        lead.postcode,
        ...quotes.filter((quote) => quote.leadId === lead.id).flatMap((quote) => [quote.acceptedName, quote.acceptedRole, quote.declineReason]),
      ]),
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
  await removeWordsFromTimeline(trx, wordsByLead);
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
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.lead, wordsByLead);
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.quote, new Map(quotes.map((quote) => [quote.id, wordsByLead.get(quote.leadId) ?? []])));
  // The lead's orders are the same customer's details: they go with it (an order that never went live has no other end).
  await anonymiseOrders(trx, await orderIdsOfLeads(trx, ids), { now });
  return leads.length;
}

/**
 * Anonymises orders that still hold personal details (app/features/orders/order-privacy.server.ts says what goes and what stays: contracts keep their
 * figures), and rubs their words (contacts, address, line users and numbers) out of their lead's timeline and the audit entries about them; how many.
 */
export async function anonymiseOrders(trx: Trx, orderIds: number[], { now }: AnonymiseOptions): Promise<number> {
  if (orderIds.length === 0) return 0;
  const held = await orderWords(trx, orderIds);
  const words = new Map(held.map((order) => [order.orderId, personalWords(order.values)]));
  const wordsByLead = new Map<number, string[]>();
  for (const order of held) wordsByLead.set(order.leadId, [...(wordsByLead.get(order.leadId) ?? []), ...(words.get(order.orderId) ?? [])]);
  const anonymised = await anonymiseOrderRows(trx, orderIds, now);
  await removeWordsFromTimeline(trx, wordsByLead);
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.order, words);
  return anonymised;
}

/**
 * Clears one line user's details (name, number, PAC) from the lines of orders that are otherwise someone else's, and their words from those orders' timeline
 * and audit entries; how many lines.
 */
export async function anonymiseLineUsers(
  trx: Trx,
  lines: Array<{ id: number; orderId: number; leadId: number; userName: string | null; mobileNumber: string | null }>,
  { now }: AnonymiseOptions,
): Promise<number> {
  if (lines.length === 0) return 0;
  const byOrder = new Map<number, string[]>();
  const byLead = new Map<number, string[]>();
  for (const line of lines) {
    const words = personalWords([line.userName, line.mobileNumber]);
    byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), ...words]);
    byLead.set(line.leadId, [...(byLead.get(line.leadId) ?? []), ...words]);
  }
  const changed = await anonymiseOrderLines(
    trx,
    lines.map((line) => line.id),
    now,
  );
  await removeWordsFromTimeline(trx, byLead);
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.order, byOrder);
  return changed;
}

/** Replaces these words, whatever their case, in each lead's timeline entries (notes are cleared whole by the lead's own anonymisation). */
async function removeWordsFromTimeline(trx: Trx, wordsByLead: ReadonlyMap<number, string[]>): Promise<void> {
  const ids = [...wordsByLead.keys()].filter((id) => (wordsByLead.get(id) ?? []).length > 0);
  if (ids.length === 0) return;
  const timeline = await trx.selectFrom("leadActivity").select(["id", "leadId", "body"]).where("leadId", "in", ids).where("kind", "!=", "note").execute();
  for (const entry of timeline) {
    const body = withoutWordsIgnoringCase(entry.body, wordsByLead.get(entry.leadId) ?? []);
    if (body !== entry.body) await trx.updateTable("leadActivity").set({ body }).where("id", "=", entry.id).execute();
  }
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
  const wordsByEnquiry = new Map(
    enquiries.map((enquiry) => [
      enquiry.id,
      personalWords([`${enquiry.firstName} ${enquiry.lastName}`, enquiry.firstName, enquiry.lastName, enquiry.email, enquiry.contactNumber]),
    ]),
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
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.enquiry, wordsByEnquiry);
  return enquiries.length;
}

/**
 * Deletes newsletter sign-ups (a sign-up with its address gone has nothing left to keep); their consent records keep the wording and dates but not the address.
 * Returns how many were deleted.
 */
export async function deleteNewsletterSignups(trx: Trx, signupIds: number[]): Promise<number> {
  if (signupIds.length === 0) return 0;
  const signups = await trx.selectFrom("newsletterSignups").select(["id", "email", "firstName", "lastName"]).where("id", "in", signupIds).execute();
  if (signups.length === 0) return 0;
  const ids = signups.map((signup) => signup.id);
  await trx.updateTable("consentRecords").set({ email: ANONYMISED_TEXT }).where("newsletterSignupId", "in", ids).execute();
  const wordsBySignup = new Map(
    signups.map((signup) => [
      signup.id,
      personalWords([signup.email, signup.firstName && signup.lastName ? `${signup.firstName} ${signup.lastName}` : null, signup.firstName, signup.lastName]),
    ]),
  );
  await removeWordsFromAudit(trx, PERSONAL_AUDIT_ENTITY_TYPES.newsletterSignup, wordsBySignup);
  // The confirmation email is tied to no record: found by its recipient's address, exactly (never by its copy's text).
  const addresses = [...new Set(signups.map((signup) => normaliseEmail(signup.email)).filter(Boolean))];
  if (addresses.length > 0) {
    await trx.deleteFrom("outbox").where("kind", "=", "newsletter.confirmation-email").where("recipientEmail", "in", addresses).execute();
  }
  await trx.deleteFrom("newsletterSignups").where("id", "in", ids).execute();
  return signups.length;
}
