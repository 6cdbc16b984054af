import { sql } from "kysely";
import { metrics } from "~/platform/metrics.server";
import type { AdminUser } from "~/features/staff";
import { INBOX_PAGE_SIZE, messageExcerpt, type EnquirySummary, type InboxCounts, type InboxPage } from "./inboxes";
import type { ContactEnquiryInput } from "./public-forms-schema";
import type { SearchPage } from "~/lib/search-schema";
import { getDb, nowIso } from "~/platform/db.server";
import { deliverOutboxSoon } from "~/platform/outbox.server";
import { recordAudit, recordExport } from "~/features/staff/index.server";
import { countTotalAndSince, csvStreamNewestFirst, fullNameTarget, pageNewestFirst, searchFilterWords, textSearch } from "~/platform/listing.server";
import { ModelError } from "~/platform/model-error.server";
import { formatDate, formatDateTime, startOfUkWeek } from "~/lib/calendar";
import { CONTACT_SUBJECT_LABELS } from "./contact-subjects";
import type { ContactEnquiryRow } from "./inbox-tables";
import { queueNewEnquiryEmail } from "./enquiry-emails.server";

/** Enquiries from the contact page's form: stored by the public site, worked by staff. */

/** Stores an enquiry and, in the same transaction, its staff email (when email is on); the email goes after the commit. */
export async function createContactEnquiry(input: ContactEnquiryInput): Promise<{ id: number }> {
  const db = await getDb();
  const { enquiry, emailQueued } = await db.transaction().execute(async (trx) => {
    const enquiry = await trx
      .insertInto("contactEnquiries")
      .values({ ...input, createdAt: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { enquiry, emailQueued: await queueNewEnquiryEmail(trx, enquiry) };
  });
  metrics.enquiries.inc();
  if (emailQueued) deliverOutboxSoon();
  return { id: enquiry.id };
}

/** Case-insensitive substring match over the names (each and whole), email, contact number and message. */
function search(q: string) {
  return textSearch(q, {
    text: ["firstName", "lastName", fullNameTarget(), "email", "contactNumber", "message"],
    phone: ["contactNumber"],
  });
}

/** One page of enquiries matching the search, newest first, each message cut to one line. */
export async function listContactEnquiries(filters: SearchPage): Promise<InboxPage<EnquirySummary>> {
  const db = await getDb();
  const { rows, ...page } = await pageNewestFirst(
    db.selectFrom("contactEnquiries").where(search(filters.q)),
    (query) =>
      query.select([
        "id",
        "createdAt",
        "firstName",
        "lastName",
        "email",
        "contactNumber",
        "subject",
        // Enough of a long message for one line, without reading all of it.
        sql<string>`substr(message, 1, 300)`.as("excerpt"),
      ]),
    filters.page,
    INBOX_PAGE_SIZE,
  );
  return { entries: rows.map((row) => ({ ...row, excerpt: messageExcerpt(row.excerpt) })), ...page };
}

/** The cards above the list: every enquiry, and those since Monday. */
export async function contactEnquiryCounts(now = new Date()): Promise<InboxCounts> {
  const db = await getDb();
  const { total, since } = await countTotalAndSince(db.selectFrom("contactEnquiries"), startOfUkWeek(now));
  return { total, thisWeek: since };
}

export async function getContactEnquiry(id: number): Promise<ContactEnquiryRow> {
  const db = await getDb();
  const enquiry = await db.selectFrom("contactEnquiries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!enquiry) throw new ModelError(404, "Enquiry not found");
  return enquiry;
}

export async function deleteContactEnquiry(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const enquiry = await trx.deleteFrom("contactEnquiries").where("id", "=", id).returning(["subject", "createdAt"]).executeTakeFirst();
    if (!enquiry) throw new ModelError(404, "Enquiry not found");
    // No name or email in the log: a deleted enquiry should leave no personal data behind.
    const summary = `Deleted contact enquiry #${id} (${CONTACT_SUBJECT_LABELS[enquiry.subject]}, received ${formatDate(enquiry.createdAt)})`;
    await recordAudit(actor, { action: "contact_enquiry.deleted", entityType: "contact_enquiry", entityId: id, summary }, trx);
  });
}

export const ENQUIRY_CSV_COLUMNS = ["Date", "First Name", "Last Name", "Email", "Contact Number", "Subject", "Message"];

/** The enquiries matching a search as CSV, streamed newest first a chunk at a time; the export is in the audit log. */
export async function contactEnquiriesCsvStream(actor: AdminUser, { q }: Pick<SearchPage, "q">): Promise<ReadableStream<Uint8Array>> {
  const onFinish = await recordExport(actor, {
    action: "contact_enquiries.exported",
    entityType: "contact_enquiry",
    what: "contact enquiries",
    one: "contact enquiry",
    filters: searchFilterWords(q),
    unfiltered: "all enquiries",
  });
  return csvStreamNewestFirst({
    onFinish,
    header: ENQUIRY_CSV_COLUMNS,
    query: (db) =>
      db.selectFrom("contactEnquiries").select(["id", "createdAt", "firstName", "lastName", "email", "contactNumber", "subject", "message"]).where(search(q)),
    cells: (row) => [
      formatDateTime(row.createdAt),
      row.firstName,
      row.lastName,
      row.email,
      row.contactNumber,
      CONTACT_SUBJECT_LABELS[row.subject],
      row.message,
    ],
  });
}
