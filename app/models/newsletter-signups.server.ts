import type { AdminUser } from "~/lib/admin-users";
import { formatDate, formatDateTime, startOfLondonWeek } from "~/lib/format";
import { INBOX_PAGE_SIZE, type InboxCounts, type InboxPage, type SubscriberSummary } from "~/lib/inboxes";
import type { NewsletterSignupInput } from "~/lib/schemas/public-forms";
import type { SearchPage } from "~/lib/schemas/search";
import { getDb, nowIso } from "~/infrastructure/db.server";
import type { NewsletterSignupRow } from "~/lib/database-types";
import { recordAudit, recordExport } from "./audit-log.server";
import { countTotalAndSince, csvStreamNewestFirst, fullNameTarget, pageNewestFirst, searchFilterWords, textSearch } from "./listing.server";
import { ModelError } from "./model-error.server";

/** Newsletter sign-ups from the public pages' forms: stored by the site, worked by staff. */

/** Signs an email up; signing up again keeps one row and refreshes the names given. */
export async function subscribeToNewsletter(input: NewsletterSignupInput, sourcePage: string): Promise<void> {
  const db = await getDb();
  const now = nowIso();
  await db
    .insertInto("newsletterSignups")
    .values({
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      sourcePage,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) =>
      conflict.column("email").doUpdateSet((eb) => ({
        firstName: eb.fn.coalesce(eb.val(input.firstName ?? null), eb.ref("newsletterSignups.firstName")),
        lastName: eb.fn.coalesce(eb.val(input.lastName ?? null), eb.ref("newsletterSignups.lastName")),
        updatedAt: now,
      })),
    )
    .execute();
}

/** Case-insensitive substring match over the names (each and whole) and email. */
function search(q: string) {
  return textSearch(q, { text: ["firstName", "lastName", fullNameTarget(), "email"] });
}

const SUMMARY_COLUMNS = ["id", "createdAt", "firstName", "lastName", "email", "sourcePage"] as const;

/** One page of subscribers matching the search, newest sign-up first. */
export async function listNewsletterSignups(filters: SearchPage): Promise<InboxPage<SubscriberSummary>> {
  const db = await getDb();
  const { rows, ...page } = await pageNewestFirst(
    db.selectFrom("newsletterSignups").where(search(filters.q)),
    (query) => query.select(SUMMARY_COLUMNS),
    filters.page,
    INBOX_PAGE_SIZE,
  );
  return { entries: rows, ...page };
}

/** The cards above the list: every subscriber, and those who signed up since Monday. */
export async function newsletterSignupCounts(now = new Date()): Promise<InboxCounts> {
  const db = await getDb();
  const { total, since } = await countTotalAndSince(db.selectFrom("newsletterSignups"), startOfLondonWeek(now));
  return { total, thisWeek: since };
}

export async function getNewsletterSignup(id: number): Promise<NewsletterSignupRow> {
  const db = await getDb();
  const signup = await db.selectFrom("newsletterSignups").selectAll().where("id", "=", id).executeTakeFirst();
  if (!signup) throw new ModelError(404, "Subscriber not found");
  return signup;
}

export async function deleteNewsletterSignup(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const signup = await trx.deleteFrom("newsletterSignups").where("id", "=", id).returning(["createdAt"]).executeTakeFirst();
    if (!signup) throw new ModelError(404, "Subscriber not found");
    // No name or email in the log: removing someone (often at their request) should leave no personal data behind.
    const summary = `Removed newsletter subscriber #${id} (signed up ${formatDate(signup.createdAt)})`;
    await recordAudit(actor, { action: "newsletter_signup.deleted", entityType: "newsletter_signup", entityId: id, summary }, trx);
  });
}

export const NEWSLETTER_CSV_COLUMNS = ["Date", "First Name", "Last Name", "Email", "Source Page"];

/** The subscribers matching a search as CSV, streamed newest first a chunk at a time; the export is in the audit log. */
export async function newsletterSignupsCsvStream(actor: AdminUser, { q }: Pick<SearchPage, "q">): Promise<ReadableStream<Uint8Array>> {
  const onFinish = await recordExport(actor, {
    action: "newsletter_signups.exported",
    entityType: "newsletter_signup",
    what: "newsletter subscribers",
    filters: searchFilterWords(q),
    unfiltered: "all subscribers",
  });
  return csvStreamNewestFirst({
    onFinish,
    header: NEWSLETTER_CSV_COLUMNS,
    query: (db) => db.selectFrom("newsletterSignups").select(SUMMARY_COLUMNS).where(search(q)),
    cells: (row) => [formatDateTime(row.createdAt), row.firstName, row.lastName, row.email, row.sourcePage],
  });
}
