import type { Expression, Kysely, SqlBool, Transaction } from "kysely";
import { PERSONAL_AUDIT_ENTITY_TYPES } from "./data-protection";
import type { Database } from "~/platform/database-types";
import { deliveryRecipients, type DeliverySettings, type PersonErasure, type PersonQuery, type PersonRecord, type StaffPersonRecord } from "./person-data";
import { erasureWithNothingHeld } from "./person-erased.server";
import { getDb } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { normaliseEmail, normalisePhone, suppressionKey } from "~/platform/suppression.server";
import { sameEmailIgnoringCase } from "~/platform/listing.server";
import { ordersOfPerson } from "~/features/orders/index.server";

/**
 * Finding one person by email and/or phone across every table that can hold them (UK GDPR requests: access, erasure, objection). Every record is tied to them
 * by exact values held in columns (migration 0023), never by searching text: an email equal as a whole, ignoring case (jimbob@example.com and
 * bob@example.com.au are not bob@example.com); a phone equal as a whole in normalisePhone's form (+44 7700 900123, 0044 7700 900123 and 07700 900123 are one
 * number; one that merely ends with the same digits is another). Outbox emails are matched by their recipient, failed sign-ins by the email typed. Anonymised
 * records are no longer the person and are not found.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** How many of each kind one search reads at most: a person has a handful; a shared office number could have many. */
const MAX_PER_KIND = 500;

/** The search's inputs, normalised; empty ones are null. */
export function personQuery(input: { email?: string | null; phone?: string | null }): PersonQuery {
  const email = input.email?.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone?.trim() ? normalisePhone(input.phone) : null;
  return { email: email || null, phone: phone || null };
}

/** The person's leads by email and by phone, each through its own index (one query with OR and an order could walk every lead by date instead). */
async function leadsOf(db: Executor, email: string | null, phone: string | null) {
  const [byEmail, byPhone] = await Promise.all([
    email
      ? db.selectFrom("leads").selectAll().where(sameEmailIgnoringCase("email", email)).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute()
      : [],
    phone ? db.selectFrom("leads").selectAll().where("phoneNormalised", "=", phone).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute() : [],
  ]);
  return merged([byEmail, byPhone]);
}

/** Rows of several queries as one list, each once, oldest first. */
function merged<Row extends { id: number; createdAt: string }>(lists: Row[][]): Row[] {
  const byId = new Map<number, Row>();
  for (const list of lists) for (const row of list) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id).slice(0, MAX_PER_KIND);
}

/**
 * The outbox rows of the person's leads and enquiries, and the emails sent to one of their addresses (a newsletter confirmation is tied to no record), each
 * through its index.
 */
async function outboxOf(db: Executor, { leadIds, enquiryIds, emails }: { leadIds: number[]; enquiryIds: number[]; emails: string[] }) {
  const [ofLeads, ofEnquiries, toThem] = await Promise.all([
    leadIds.length ? db.selectFrom("outbox").selectAll().where("leadId", "in", leadIds).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
    enquiryIds.length ? db.selectFrom("outbox").selectAll().where("enquiryId", "in", enquiryIds).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
    emails.length ? db.selectFrom("outbox").selectAll().where("recipientEmail", "in", emails).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
  ]);
  return merged([ofLeads, ofEnquiries, toThem]);
}

/** The audit entries about the person's records (through the entity index), and the failed sign-ins typed with one of their addresses (through signInEmail). */
async function auditEntriesOf(db: Executor, { emails, about }: { emails: string[]; about: Array<[entityType: string, ids: number[]]> }) {
  const lists = await Promise.all([
    ...about
      .filter(([, ids]) => ids.length > 0)
      .map(([entityType, ids]) =>
        db.selectFrom("auditLog").selectAll().where("entityType", "=", entityType).where("entityId", "in", ids.map(String)).limit(MAX_PER_KIND).execute(),
      ),
    emails.length ? db.selectFrom("auditLog").selectAll().where("signInEmail", "in", emails).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
  ]);
  return merged(lists);
}

/** Everything held about the person with this email and/or phone; see PersonRecord. */
export async function findPerson(input: { email?: string | null; phone?: string | null }, db?: Executor): Promise<PersonRecord> {
  return findPersonIn(db ?? (await getDb()), personQuery(input));
}

export async function findPersonIn(db: Executor, query: PersonQuery): Promise<PersonRecord> {
  const { email, phone } = query;
  const empty: PersonRecord = {
    query,
    leads: [],
    leadActivity: [],
    quotes: [],
    orders: [],
    contracts: [],
    enquiries: [],
    newsletterSignups: [],
    consentRecords: [],
    outbox: [],
    auditEntries: [],
    signInFailures: [],
    dataRequests: [],
    suppressed: { email: null, phone: null },
  };
  if (!email && !phone) return empty;

  const [leadRows, enquiryRows, newsletterSignups] = await Promise.all([
    leadsOf(db, email, phone),
    db
      .selectFrom("contactEnquiries")
      .selectAll()
      .where((eb) => {
        const matches: Array<Expression<SqlBool>> = [];
        if (email) matches.push(sameEmailIgnoringCase("email", email));
        if (phone) matches.push(eb("phoneNormalised", "=", phone));
        return eb.or(matches);
      })
      .where("anonymisedAt", "is", null)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(MAX_PER_KIND)
      .execute(),
    email
      ? db
          .selectFrom("newsletterSignups")
          .select([
            "id",
            "email",
            "firstName",
            "lastName",
            "sourcePage",
            "createdAt",
            "updatedAt",
            "confirmedAt",
            "confirmationExpiresAt",
            "unsubscribedAt",
            "lastSignedUpAt",
          ])
          .where(sameEmailIgnoringCase("email", email))
          .orderBy("createdAt")
          .orderBy("id")
          .limit(MAX_PER_KIND)
          .execute()
      : Promise.resolve([]),
  ]);

  const leads = leadRows.map(({ submissionToken: _token, phoneKey: _key, phoneNormalised: _phone, ...lead }) => lead);
  const enquiries = enquiryRows.map(({ phoneNormalised: _phone, ...enquiry }) => enquiry);
  const leadIds = leads.map((lead) => lead.id);
  const enquiryIds = enquiries.map((enquiry) => enquiry.id);
  const signupIds = newsletterSignups.map((signup) => signup.id);

  // Every email and phone the person's own records hold: emails sent, sign-ins typed and register entries may be tied to any of them.
  const emails = new Set<string>();
  const phones = new Set<string>();
  if (email) emails.add(email);
  if (phone) phones.add(phone);
  for (const lead of leads) {
    if (lead.email) emails.add(normaliseEmail(lead.email));
    if (lead.phoneNumber.trim()) phones.add(lead.phoneNumber.trim());
  }
  for (const enquiry of enquiries) {
    if (enquiry.email) emails.add(normaliseEmail(enquiry.email));
    if (enquiry.contactNumber.trim()) phones.add(enquiry.contactNumber.trim());
  }
  const registerKeys = [...[...emails].map((value) => suppressionKey("email", value)), ...[...phones].map((value) => suppressionKey("phone", value))];

  const [leadActivity, quoteRows, consentRecords, outbox, dataRequests, signInFailures, suppressions, found] = await Promise.all([
    leadIds.length
      ? db.selectFrom("leadActivity").selectAll().where("leadId", "in", leadIds).orderBy("createdAt").orderBy("id").execute()
      : Promise.resolve([]),
    leadIds.length
      ? db
          .selectFrom("quotes")
          .innerJoin("leads", "leads.id", "quotes.leadId")
          .selectAll("quotes")
          .select("leads.reference as leadReference")
          .where("quotes.leadId", "in", leadIds)
          .orderBy("quotes.createdAt")
          .orderBy("quotes.id")
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom("consentRecords")
      .selectAll()
      .where((eb) => {
        const matches: Array<Expression<SqlBool>> = [...emails].map((value) => sameEmailIgnoringCase("email", value));
        if (leadIds.length) matches.push(eb("leadId", "in", leadIds));
        if (signupIds.length) matches.push(eb("newsletterSignupId", "in", signupIds));
        return eb.or(matches);
      })
      .where("email", "!=", "")
      .orderBy("givenAt")
      .orderBy("id")
      .limit(MAX_PER_KIND)
      .execute(),
    outboxOf(db, { leadIds, enquiryIds, emails: [...emails] }),
    db
      .selectFrom("dataRequests")
      .select(["id", "kind", "status", "receivedOn", "dueOn", "contact", "notes", "handledBy", "handledByName", "closedOn", "createdAt", "updatedAt"])
      .where("contactKey", "in", registerKeys)
      .orderBy("receivedOn")
      .orderBy("id")
      .execute(),
    emails.size
      ? db
          .selectFrom("signInThrottle")
          .select(["accountKey", "failures", "lastFailedAt"])
          .where("accountKey", "in", [...emails])
          .orderBy("lastFailedAt")
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom("suppressions")
      .select("hash")
      .where("hash", "in", [email ? suppressionKey("email", email) : "-", phone ? suppressionKey("phone", phone) : "-"])
      .execute(),
    // Orders by the same exact values: their leads', and those billed to one of their emails or phones, and the lines with one of their numbers.
    ordersOfPerson(db, { leadIds, emails: [...emails], phones: [...new Set([...phones].map(normalisePhone).filter(Boolean))] }),
  ]);

  const quotes = quoteRows.map(({ token: _token, termsText: _terms, acceptedContentHash: _hash, ...quote }) => quote);
  const quoteIds = quotes.map((quote) => quote.id);
  const leadReferences = new Map(leads.map((lead) => [lead.id, lead.reference]));
  // An order billed to them or with their number may be of a lead that is not theirs: its reference is all that is shown of it.
  const otherLeadIds = [...new Set(found.orders.map((order) => order.leadId).filter((id) => !leadReferences.has(id)))];
  if (otherLeadIds.length) {
    for (const lead of await db.selectFrom("leads").select(["id", "reference"]).where("id", "in", otherLeadIds).execute()) {
      leadReferences.set(lead.id, lead.reference);
    }
  }
  const orders = found.orders.map((order) => ({ ...order, leadReference: leadReferences.get(order.leadId) ?? null }));
  const orderReferences = new Map(orders.map((order) => [order.id, order.reference]));
  const contracts = found.contracts.map((contract) => ({ ...contract, orderReference: orderReferences.get(contract.orderId) ?? "" }));
  const wholeOrderIds = orders.filter((order) => !order.onlyTheirLines).map((order) => order.id);
  const auditEntries = await auditEntriesOf(db, {
    emails: [...emails],
    about: [
      [PERSONAL_AUDIT_ENTITY_TYPES.lead, leadIds],
      [PERSONAL_AUDIT_ENTITY_TYPES.quote, quoteIds],
      [PERSONAL_AUDIT_ENTITY_TYPES.order, wholeOrderIds],
      [PERSONAL_AUDIT_ENTITY_TYPES.enquiry, enquiryIds],
      [PERSONAL_AUDIT_ENTITY_TYPES.newsletterSignup, signupIds],
    ],
  });

  const listed = new Set(suppressions.map((row) => row.hash));
  return {
    query,
    leads,
    leadActivity,
    quotes,
    orders,
    contracts,
    enquiries,
    newsletterSignups,
    consentRecords,
    outbox,
    auditEntries,
    signInFailures,
    dataRequests,
    suppressed: {
      email: email ? listed.has(suppressionKey("email", email)) : null,
      phone: phone ? listed.has(suppressionKey("phone", phone)) : null,
    },
  };
}

/** Where this server sends copies (for "who it was sent to"). */
export function deliverySettings(): DeliverySettings {
  return { webhookHost: env.LEAD_WEBHOOK_URL ? new URL(env.LEAD_WEBHOOK_URL).host : null };
}

/** A person's record as the Find a person screen shows it: with each email's and webhook's recipients. */
export async function personRecordForStaff(input: {
  email?: string;
  phone?: string;
}): Promise<{ record: StaffPersonRecord; recipients: Record<number, string[]>; erased: (PersonErasure & { customerYears: number }) | null }> {
  const db = await getDb();
  const record = await findPerson(input, db);
  const settings = deliverySettings();
  const recipients = Object.fromEntries(record.outbox.map((row) => [row.id, deliveryRecipients(row, settings)]));
  const erasure = await erasureWithNothingHeld(db, record);
  // How long an accepted quote's figures stay after an erasure: the page says what is kept, and for how long.
  const erased = erasure && { ...erasure, customerYears: env.CUSTOMER_RETENTION_YEARS };
  return { record: { ...record, outbox: record.outbox.map(({ payload: _copy, ...row }) => row) }, recipients, erased };
}
