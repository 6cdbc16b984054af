import { performance } from "node:perf_hooks";
import type { AdminUser } from "~/features/staff";
import { ANONYMISED_TEXT, withoutWordsIgnoringCase } from "./data-protection";
import { nothingHeldSinceErasure, type PersonRecord } from "./person-data";
import { PERSON_SEARCH_MESSAGES } from "./person-schema";
import { emptySqliteLog, getDb, nowIso } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import type { Kysely, Transaction } from "kysely";
import { logger } from "~/platform/logger.server";
import { normalisePhone, suppress } from "~/platform/suppression.server";
import { anonymiseEnquiries, anonymiseLeads, anonymiseLineUsers, anonymiseOrders, deleteNewsletterSignups } from "./anonymisation.server";
import { recordAudit } from "~/features/staff/index.server";
import { findPersonIn, personQuery } from "./person-search.server";
import { erasureWithNothingHeld, personKeys } from "./person-erased.server";
import { ModelError } from "~/platform/model-error.server";
import { countOf } from "~/lib/plural";

/**
 * A person's requests to be erased (UK GDPR article 17) and to object to marketing (article 21, PECR), for the Data protection screen.
 *
 * Erasure anonymises the person everywhere in one transaction, through the one anonymisation the retention job uses (anonymisation.server.ts): what stays is
 * what carries no one's identity (statuses, dates, figures, an accepted quote's money), so the dashboard's figures do not change. Their email and phone go on
 * the suppression list as a keyed hash, so they are not contacted again. The audit entry says how many records, never who.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface ErasureCounts {
  leads: number;
  /** Orders anonymised, and lines of others' orders whose user they were. */
  orders: number;
  orderLines: number;
  enquiries: number;
  newsletterSignups: number;
  consentRecords: number;
  outbox: number;
  auditEntries: number;
  signInFailures: number;
  dataRequests: number;
}

export interface PersonInput {
  email?: string;
  phone?: string;
}

function requireSomeone(input: PersonInput) {
  const query = personQuery(input);
  if (!query.email && !query.phone) throw new ModelError(400, PERSON_SEARCH_MESSAGES.missing);
  return query;
}

/** Someone erased, with nothing personal held since, has nothing left to erase or object to: 409, saying when they were erased (and by whom). */
async function refuseWhenErased(trx: Executor, input: PersonInput, record: PersonRecord): Promise<void> {
  const erasure = await erasureWithNothingHeld(trx, record);
  if (!erasure) return;
  const who = [input.email?.trim(), input.phone?.trim()].filter(Boolean).join(" / ");
  throw new ModelError(409, nothingHeldSinceErasure(who, erasure));
}

/** Every email, phone, name and business the person's records hold: the words to rub out where they were repeated. */
function personalWords(record: PersonRecord): { words: string[]; emails: string[]; phones: string[] } {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    // Two letters or fewer would rub out parts of ordinary words (as in anonymisation.server.ts).
    if (trimmed && trimmed.length > 2) words.add(trimmed);
  };
  if (record.query.email) emails.add(record.query.email);
  if (record.query.phone) phones.add(record.query.phone);
  for (const lead of record.leads) {
    emails.add(lead.email.trim().toLowerCase());
    phones.add(lead.phoneNumber);
    [`${lead.firstName} ${lead.lastName}`, lead.firstName, lead.lastName, lead.businessName, lead.companyName, lead.postcode].forEach(add);
  }
  for (const quote of record.quotes) [quote.acceptedName, quote.acceptedRole].forEach(add);
  for (const order of record.orders) {
    [order.billingName, order.billingEmail, order.billingPhone, order.deliveryName].forEach(add);
    for (const line of order.lines) [line.userName, line.mobileNumber].forEach(add);
  }
  for (const enquiry of record.enquiries) {
    emails.add(enquiry.email.trim().toLowerCase());
    phones.add(enquiry.contactNumber);
    [`${enquiry.firstName} ${enquiry.lastName}`, enquiry.firstName, enquiry.lastName].forEach(add);
  }
  for (const signup of record.newsletterSignups) {
    emails.add(signup.email.trim().toLowerCase());
    if (signup.firstName && signup.lastName) add(`${signup.firstName} ${signup.lastName}`);
    [signup.firstName, signup.lastName].forEach(add);
  }
  for (const value of emails) add(value);
  for (const value of phones) {
    add(value);
    add(normalisePhone(value));
  }
  emails.delete("");
  phones.delete("");
  // Longest first: "Jane Smith" goes before "Jane" would leave "[removed] Smith".
  return { words: [...words].sort((a, b) => b.length - a.length), emails: [...emails], phones: [...phones].filter((phone) => normalisePhone(phone)) };
}

/** Erases the person with this email and/or phone; returns how many records of each kind were anonymised or deleted. */
export async function erasePerson(input: PersonInput, actor: AdminUser): Promise<ErasureCounts> {
  const query = requireSomeone(input);
  const db = await getDb();
  const started = performance.now();
  let foundMs = 0;
  const counts = await db.transaction().execute(async (trx) => {
    const record = await findPersonIn(trx, query);
    await refuseWhenErased(trx, input, record);
    foundMs = performance.now() - started;
    const { words, emails, phones } = personalWords(record);
    const now = nowIso();
    const idsOf = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
    const leads = await anonymiseLeads(trx, idsOf(record.leads), { now });
    // Their leads' orders went with the leads; these are the rest billed to them. Orders found by a line's number only lose that line's user, no more.
    const wholeOrders = record.orders.filter((order) => !order.onlyTheirLines);
    const ofTheirLeads = (order: { leadId: number }) => record.leads.some((lead) => lead.id === order.leadId);
    const billedToThem = wholeOrders.filter((order) => !ofTheirLeads(order));
    const orders = wholeOrders.length - billedToThem.length + (await anonymiseOrders(trx, idsOf(billedToThem), { now }));
    const theirLines = record.orders.filter((order) => order.onlyTheirLines).flatMap((order) => order.lines.map((line) => ({ ...line, leadId: order.leadId })));
    const orderLines = await anonymiseLineUsers(trx, theirLines, { now });
    const enquiries = await anonymiseEnquiries(trx, idsOf(record.enquiries), { now });
    const newsletterSignups = await deleteNewsletterSignups(trx, idsOf(record.newsletterSignups));
    const consentIds = idsOf(record.consentRecords);
    if (consentIds.length) await trx.updateTable("consentRecords").set({ email: ANONYMISED_TEXT }).where("id", "in", consentIds).execute();
    const outboxIds = idsOf(record.outbox);
    if (outboxIds.length) await trx.deleteFrom("outbox").where("id", "in", outboxIds).execute();

    // Audit entries stay (who did what, when), less the person's words in any case. Anonymising the records above cleared the entries about them; the rest
    // (failed sign-ins typed with their email) are cleared here, and no longer name them in signInEmail either. Only the entries found as theirs are read:
    // another person's entry is never touched, whatever words it shares. The count is of every entry that held the person's words, as found.
    const holding = record.auditEntries.filter((entry) => withoutWordsIgnoringCase(entry.summary, words) !== entry.summary).map((entry) => entry.id);
    if (holding.length) {
      const entries = await trx.selectFrom("auditLog").select(["id", "summary"]).where("id", "in", holding).execute();
      for (const entry of entries) {
        const summary = withoutWordsIgnoringCase(entry.summary, words);
        if (summary !== entry.summary) await trx.updateTable("auditLog").set({ summary }).where("id", "=", entry.id).execute();
      }
    }
    const typedByThem = record.auditEntries.filter((entry) => entry.signInEmail !== null).map((entry) => entry.id);
    if (typedByThem.length) await trx.updateTable("auditLog").set({ signInEmail: null }).where("id", "in", typedByThem).execute();
    const auditEntries = holding.length;
    const signInFailures = emails.length
      ? Number((await trx.deleteFrom("signInThrottle").where("accountKey", "in", emails).executeTakeFirst()).numDeletedRows)
      : 0;
    const requestIds = idsOf(record.dataRequests);
    if (requestIds.length) await trx.updateTable("dataRequests").set({ contact: null, notes: null, updatedAt: now }).where("id", "in", requestIds).execute();

    for (const email of emails) await suppress(trx, { email, reason: "erased" });
    for (const phone of phones) await suppress(trx, { phone, reason: "erased" });

    const counts: ErasureCounts = {
      leads,
      orders,
      orderLines,
      enquiries,
      newsletterSignups,
      consentRecords: consentIds.length,
      outbox: outboxIds.length,
      auditEntries,
      signInFailures,
      dataRequests: requestIds.length,
    };
    await recordAudit(
      actor,
      {
        action: "person.erased",
        entityType: "person",
        // The keyed hash of the email (else the phone) asked for, as the suppression list keeps it: the person's page can then say who erased them, and when.
        entityId: personKeys(query)[0],
        summary: `Erased a person: ${countOf(leads, "lead")}${orders ? `, ${countOf(orders, "order")}` : ""}${orderLines ? `, ${countOf(orderLines, "line of another's order", "lines of others' orders")}` : ""}, ${countOf(enquiries, "enquiry", "enquiries")}, ${countOf(newsletterSignups, "newsletter sign-up")}, ${countOf(consentIds.length, "consent record")}, ${countOf(outboxIds.length, "email or webhook", "emails and webhooks")}, ${countOf(auditEntries, "audit entry", "audit entries")} cleared; email and phone added to the suppression list`,
      },
      trx,
    );
    return counts;
  });
  const committedMs = performance.now() - started;
  emptySqliteLog();
  // Times only, never who: how long finding, changing and emptying the log took.
  logger.info(
    { event: "person.erased", foundMs: Math.round(foundMs), committedMs: Math.round(committedMs), totalMs: Math.round(performance.now() - started) },
    "A person was erased",
  );
  return counts;
}

/**
 * An objection (or a request to stop contact): the email and phone go on the suppression list and every marketing consent they gave is withdrawn; nothing is
 * erased. Returns how many consents were withdrawn.
 */
export async function objectForPerson(input: PersonInput, actor: AdminUser): Promise<{ consentsWithdrawn: number }> {
  const query = requireSomeone(input);
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const record = await findPersonIn(trx, query);
    await refuseWhenErased(trx, input, record);
    const open = record.consentRecords.filter((consent) => consent.withdrawnAt === null).map((consent) => consent.id);
    if (open.length) {
      await trx.updateTable("consentRecords").set({ withdrawnAt: nowIso(), withdrawnHow: "staff" }).where("id", "in", open).execute();
    }
    await suppress(trx, { email: query.email, phone: query.phone, reason: "objected" });
    const summary = `Recorded an objection: ${open.length} marketing consents withdrawn; email and phone added to the suppression list`;
    await recordAudit(actor, { action: "person.objected", entityType: "person", summary }, trx);
    return { consentsWithdrawn: open.length };
  });
}
