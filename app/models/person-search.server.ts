import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from "kysely";
import { PERSONAL_AUDIT_ENTITY_TYPES } from "~/lib/data-protection";
import type { Database } from "~/lib/database-types";
import { deliveryRecipients, type DeliverySettings, type PersonQuery, type PersonRecord, type StaffPersonRecord } from "~/lib/person-data";
import { databaseKind, getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { normaliseEmail, normalisePhone, suppressionKey } from "~/infrastructure/suppression.server";
import { containsText, sameEmailIgnoringCase } from "./listing.server";

/**
 * Finding one person by email and/or phone across every table that can hold
 * them (UK GDPR requests: access, erasure, objection). Emails match without
 * case; phones by their last ten digits, whatever the spacing or +44 / 0
 * prefix (as leads.phoneKey, migration 0014). Anonymised records are no longer
 * the person and are not found.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** How many of each kind one search reads at most: a person has a handful; a shared office number could have many. */
const MAX_PER_KIND = 500;

/** The last ten digits of a phone number, as leads.phoneKey keeps them. */
export function phoneKeyOf(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}

/** The search's inputs, normalised; empty ones are null. */
export function personQuery(input: { email?: string | null; phone?: string | null }): PersonQuery {
  const email = input.email?.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone?.trim() ? normalisePhone(input.phone) : null;
  return { email: email || null, phone: phone || null };
}

/** `column`'s digits' last ten equal to `key` (a phone typed with spaces, dashes, brackets, dots or +). */
function samePhone(column: string, key: string) {
  let digits = sql<string>`${sql.ref(column)}`;
  for (const mark of [" ", "-", "(", ")", "+", "."]) digits = sql<string>`replace(${digits}, ${mark}, '')`;
  return databaseKind === "postgres" ? sql<SqlBool>`right(${digits}, 10) = ${key}` : sql<SqlBool>`substr(${digits}, -10) = ${key}`;
}

/**
 * The person's leads by email and by phone, each through its own index (one query
 * with OR and an order could walk every lead by date instead).
 */
async function leadsOf(db: Executor, email: string | null, phoneKey: string | null) {
  const [byEmail, byPhone] = await Promise.all([
    email
      ? db.selectFrom("leads").selectAll().where(sameEmailIgnoringCase("email", email)).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute()
      : [],
    phoneKey ? db.selectFrom("leads").selectAll().where("phoneKey", "=", phoneKey).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute() : [],
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
 * The outbox rows of the person's leads and enquiries (through their indexes), and
 * rows tied to neither whose copy names them (a newsletter confirmation): only
 * those are searched as text, so the search does not read every lead's emails.
 */
async function outboxOf(db: Executor, { leadIds, enquiryIds, texts }: { leadIds: number[]; enquiryIds: number[]; texts: string[] }) {
  const [ofLeads, ofEnquiries, naming] = await Promise.all([
    leadIds.length ? db.selectFrom("outbox").selectAll().where("leadId", "in", leadIds).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
    enquiryIds.length ? db.selectFrom("outbox").selectAll().where("enquiryId", "in", enquiryIds).limit(MAX_PER_KIND).execute() : Promise.resolve([]),
    texts.length
      ? db
          .selectFrom("outbox")
          .selectAll()
          .where("leadId", "is", null)
          .where("enquiryId", "is", null)
          .where((eb) => eb.or(texts.map((text) => containsText("payload", text))))
          .limit(MAX_PER_KIND)
          .execute()
      : Promise.resolve([]),
  ]);
  return merged([ofLeads, ofEnquiries, naming]);
}

/**
 * The audit entries about the person's records (through the entity index), and
 * the failed sign-ins that name their email (entries about no record: only the
 * sign-in entries are searched as text).
 */
async function auditEntriesOf(db: Executor, { emails, about }: { emails: string[]; about: Array<[entityType: string, ids: number[]]> }) {
  const lists = await Promise.all([
    ...about
      .filter(([, ids]) => ids.length > 0)
      .map(([entityType, ids]) =>
        db.selectFrom("auditLog").selectAll().where("entityType", "=", entityType).where("entityId", "in", ids.map(String)).limit(MAX_PER_KIND).execute(),
      ),
    emails.length
      ? db
          .selectFrom("auditLog")
          .selectAll()
          .where("entityType", "=", "signIn")
          .where((eb) => eb.or(emails.map((email) => containsText("summary", email))))
          .limit(MAX_PER_KIND)
          .execute()
      : Promise.resolve([]),
  ]);
  return merged(lists);
}

/** Everything held about the person with this email and/or phone; see PersonRecord. */
export async function findPerson(input: { email?: string | null; phone?: string | null }, db?: Executor): Promise<PersonRecord> {
  return findPersonIn(db ?? (await getDb()), personQuery(input));
}

export async function findPersonIn(db: Executor, query: PersonQuery): Promise<PersonRecord> {
  const { email, phone } = query;
  const phoneKey = phone ? phoneKeyOf(phone) : null;
  const empty: PersonRecord = {
    query,
    leads: [],
    leadActivity: [],
    quotes: [],
    enquiries: [],
    newsletterSignups: [],
    consentRecords: [],
    outbox: [],
    auditEntries: [],
    signInFailures: [],
    dataRequests: [],
    suppressed: { email: null, phone: null },
  };
  if (!email && !phoneKey) return empty;

  const [leadRows, enquiries, newsletterSignups] = await Promise.all([
    leadsOf(db, email, phoneKey),
    db
      .selectFrom("contactEnquiries")
      .selectAll()
      .where((eb) => {
        const matches: Array<Expression<SqlBool>> = [];
        if (email) matches.push(sameEmailIgnoringCase("email", email));
        if (phoneKey) matches.push(samePhone("contactNumber", phoneKey));
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

  const leads = leadRows.map(({ submissionToken: _token, phoneKey: _key, ...lead }) => lead);
  const leadIds = leads.map((lead) => lead.id);
  const enquiryIds = enquiries.map((enquiry) => enquiry.id);
  const signupIds = newsletterSignups.map((signup) => signup.id);

  // Every email and phone the person's records hold: outbox copies and register entries may name any of them.
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
  const phoneTexts = new Set<string>();
  for (const value of phones) {
    phoneTexts.add(value);
    const digits = normalisePhone(value);
    if (digits.length >= 6) phoneTexts.add(digits);
  }
  const registerKeys = [...[...emails].map((value) => suppressionKey("email", value)), ...[...phones].map((value) => suppressionKey("phone", value))];

  const [leadActivity, quoteRows, consentRecords, outbox, dataRequests, signInFailures, suppressions] = await Promise.all([
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
    outboxOf(db, { leadIds, enquiryIds, texts: [...emails, ...phoneTexts] }),
    db.selectFrom("dataRequests").selectAll().where("contactKey", "in", registerKeys).orderBy("receivedOn").orderBy("id").execute(),
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
  ]);

  const quotes = quoteRows.map(({ token: _token, termsText: _terms, acceptedContentHash: _hash, ...quote }) => quote);
  const quoteIds = quotes.map((quote) => quote.id);
  const auditEntries = await auditEntriesOf(db, {
    emails: [...emails],
    about: [
      [PERSONAL_AUDIT_ENTITY_TYPES.lead, leadIds],
      [PERSONAL_AUDIT_ENTITY_TYPES.quote, quoteIds],
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
}): Promise<{ record: StaffPersonRecord; recipients: Record<number, string[]> }> {
  const record = await findPerson(input);
  const settings = deliverySettings();
  const recipients = Object.fromEntries(record.outbox.map((row) => [row.id, deliveryRecipients(row, settings)]));
  return { record: { ...record, outbox: record.outbox.map(({ payload: _copy, ...row }) => row) }, recipients };
}
