import crypto from "node:crypto";
import type { AdminUser } from "~/features/staff";
import type { ConsentWithdrawnHow } from "~/features/leads";
import {
  NEWSLETTER_UNCONFIRMED_DAYS,
  listUnsubscribeHeaders,
  newsletterConfirmationEmail,
  newsletterConfirmPath,
  newsletterStatus,
  unsubscribePath,
} from "./newsletter";
import type { SelectQueryBuilder } from "kysely";
import { brand } from "~/platform/brand.server";
import { env } from "~/platform/env.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox, deliverOutboxSoon } from "~/platform/outbox.server";
import { isSuppressed, suppress, unsubscribeLinkKey } from "~/platform/suppression.server";
import { recordMarketingConsent, withdrawMarketingConsent } from "~/features/leads/index.server";
import { INBOX_PAGE_SIZE, type InboxCounts, type InboxPage, type SubscriberSummary } from "./inboxes";
import type { NewsletterSignupInput } from "./public-forms-schema";
import type { SearchPage } from "~/lib/search-schema";
import { getDb, nowIso } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import { recordAudit, recordExport } from "~/features/staff/index.server";
import { countTotalAndSince, csvStreamNewestFirst, fullNameTarget, pageNewestFirst, searchFilterWords, textSearch } from "~/platform/listing.server";
import { ModelError } from "~/platform/model-error.server";
import { addDaysToInstant, formatDate, formatDateTime, startOfUkWeek } from "~/lib/calendar";
import type { NewsletterSignupRow } from "./inbox-tables";
import { mayConfirmTo } from "~/platform/email-caps.server";

/** Confirmation emails one address gets a day: signing up again while pending sends a new link, up to this. */
export const NEWSLETTER_CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 3;

/** Newsletter sign-ups from the public pages' forms: stored by the site, worked by staff. */

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Signs an email up, pending until confirmed (double opt-in): one row per address. A pending address signing up again takes the names given and counts as
 * signed up now (its retention and the new link's NEWSLETTER_UNCONFIRMED_DAYS start again); a subscriber's or unsubscribed address's record is left exactly as
 * it is: an anonymous post changes nobody's details. A confirmation email with a new link is queued, at most NEWSLETTER_CONFIRMATIONS_PER_RECIPIENT_PER_DAY a
 * day (past that, the link already sent still works); a subscriber gets none. A suppressed address is not stored or emailed. The visitor's answer is the same
 * whatever happened, so it tells nobody who is on any list.
 */
export async function subscribeToNewsletter(input: NewsletterSignupInput, sourcePage: string): Promise<void> {
  const db = await getDb();
  if (await isSuppressed(input.email, db)) return;
  const now = new Date();
  const stamp = now.toISOString();
  const queued = await db.transaction().execute(async (trx) => {
    const columns = ["id", "email"] as const;
    const signup =
      (await trx
        .insertInto("newsletterSignups")
        .values({
          email: input.email,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          sourcePage,
          createdAt: stamp,
          updatedAt: stamp,
          lastSignedUpAt: stamp,
        })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning(columns)
        .executeTakeFirst()) ??
      (await trx
        .updateTable("newsletterSignups")
        .set((eb) => ({
          firstName: eb.fn.coalesce(eb.val(input.firstName ?? null), eb.ref("newsletterSignups.firstName")),
          lastName: eb.fn.coalesce(eb.val(input.lastName ?? null), eb.ref("newsletterSignups.lastName")),
          lastSignedUpAt: stamp,
          updatedAt: stamp,
        }))
        .where("email", "=", input.email)
        .where("confirmedAt", "is", null)
        .where("unsubscribedAt", "is", null)
        .returning(columns)
        .executeTakeFirst());
    // Already a subscriber (or unsubscribed): nothing changed, nothing to send.
    if (!signup) return false;
    if (!emailEnabled()) return false;
    if (!(await mayConfirmTo(trx, signup.email, now, { cap: NEWSLETTER_CONFIRMATIONS_PER_RECIPIENT_PER_DAY, scope: "newsletter:" }))) return false;
    const token = crypto.randomBytes(32).toString("base64url");
    await trx
      .updateTable("newsletterSignups")
      .set({
        confirmationTokenHash: hashToken(token),
        confirmationExpiresAt: addDaysToInstant(now, NEWSLETTER_UNCONFIRMED_DAYS).toISOString(),
      })
      .where("id", "=", signup.id)
      .execute();
    const unsubscribeUrl = `${env.APP_URL}${unsubscribePath(unsubscribeToken(signup.id))}`;
    const content = newsletterConfirmationEmail(`${env.APP_URL}${newsletterConfirmPath(token)}`, unsubscribeUrl, NEWSLETTER_UNCONFIRMED_DAYS, brand);
    const headers = listUnsubscribeHeaders(unsubscribeUrl, brand.email);
    await addToOutbox(trx, [
      { kind: "newsletter.confirmation-email", leadId: null, payload: { to: [signup.email], replyTo: brand.email, headers, ...content } },
    ]);
    return true;
  });
  if (queued) deliverOutboxSoon();
}

export type NewsletterConfirmation = "confirmed" | "expired";

/**
 * Confirms the sign-up a link names (pressed Confirm on its page): it becomes a subscriber and its consent is recorded with the sign-up's page and the current
 * wording. A used, expired or unknown link confirms nothing.
 */
export async function confirmNewsletterSignup(token: string): Promise<NewsletterConfirmation> {
  const db = await getDb();
  const now = nowIso();
  return db
    .transaction()
    .execute(async (trx) => {
      const signup = await trx
        .updateTable("newsletterSignups")
        .set({ confirmedAt: now, confirmationTokenHash: null, confirmationExpiresAt: null, updatedAt: now })
        .where("confirmationTokenHash", "=", hashToken(token))
        .where("confirmationExpiresAt", ">", now)
        .where("confirmedAt", "is", null)
        .where("unsubscribedAt", "is", null)
        .returning(["id", "email", "sourcePage"])
        .executeTakeFirst();
      if (!signup) return "expired";
      // Unsubscribed since the link was sent: the suppression list wins.
      if (await isSuppressed(signup.email, trx)) throw new ExpiredLink();
      await recordMarketingConsent(trx, [{ email: signup.email, page: signup.sourcePage ?? "/", newsletterSignupId: signup.id }]);
      return "confirmed";
    })
    .catch((error: unknown) => {
      if (error instanceof ExpiredLink) return "expired" as const;
      throw error;
    });
}

/** Rolls back a confirmation that must not happen. */
class ExpiredLink extends Error {}

const unsubscribeSignature = (signupId: number) => crypto.createHmac("sha256", unsubscribeLinkKey()).update(`newsletter:${signupId}`).digest("base64url");

/** A sign-up's unsubscribe token: its id and a keyed signature, so every email can carry a working link without storing one, and no id is guessed into one. */
export function unsubscribeToken(signupId: number): string {
  return `${signupId}.${unsubscribeSignature(signupId)}`;
}

function signupIdOfToken(token: string): number | null {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(unsubscribeSignature(id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

/**
 * Unsubscribes the sign-up a link names, in one transaction: it is marked unsubscribed, every marketing consent its address gave is withdrawn, and the address
 * goes on the suppression list. Unsubscribing twice changes nothing more; an unknown or forged link, or a removed sign-up, is "unknown".
 */
export async function unsubscribeFromNewsletter(token: string, how: ConsentWithdrawnHow): Promise<"unsubscribed" | "unknown"> {
  const id = signupIdOfToken(token);
  if (id === null) return "unknown";
  const db = await getDb();
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const signup = await trx.selectFrom("newsletterSignups").select(["email", "unsubscribedAt"]).where("id", "=", id).executeTakeFirst();
    if (!signup) return "unknown";
    if (!signup.unsubscribedAt) {
      await trx
        .updateTable("newsletterSignups")
        .set({ unsubscribedAt: now, confirmationTokenHash: null, confirmationExpiresAt: null, updatedAt: now })
        .where("id", "=", id)
        .execute();
    }
    await withdrawMarketingConsent(trx, signup.email, how);
    await suppress(trx, { email: signup.email, reason: "unsubscribed" });
    return "unsubscribed";
  });
}

/** Case-insensitive substring match over the names (each and whole) and email. */
function search(q: string) {
  return textSearch(q, { text: ["firstName", "lastName", fullNameTarget(), "email"] });
}

const SUMMARY_COLUMNS = ["id", "createdAt", "firstName", "lastName", "email", "sourcePage", "confirmedAt", "unsubscribedAt"] as const;

/**
 * Subscribers: confirmed and not unsubscribed. The list shows every sign-up with its status (staff can answer "did I sign up?"); the counts and the CSV export
 * take subscribers only, so a pending or unsubscribed address is never counted as one nor leaves in an export for a mailing.
 */
const onlySubscribers = <Q extends SelectQueryBuilder<Database, "newsletterSignups", object>>(query: Q): Q =>
  query.where("confirmedAt", "is not", null).where("unsubscribedAt", "is", null) as Q;

/** One page of sign-ups matching the search, newest first, each with its status. */
export async function listNewsletterSignups(filters: SearchPage): Promise<InboxPage<SubscriberSummary>> {
  const db = await getDb();
  const { rows, ...page } = await pageNewestFirst(
    db.selectFrom("newsletterSignups").where(search(filters.q)),
    (query) => query.select(SUMMARY_COLUMNS),
    filters.page,
    INBOX_PAGE_SIZE,
  );
  return { entries: rows.map(({ confirmedAt, unsubscribedAt, ...row }) => ({ ...row, status: newsletterStatus({ confirmedAt, unsubscribedAt }) })), ...page };
}

/** The cards above the list: every subscriber, and those who signed up since Monday (confirmed ones only). */
export async function newsletterSignupCounts(now = new Date()): Promise<InboxCounts> {
  const db = await getDb();
  const { total, since } = await countTotalAndSince(onlySubscribers(db.selectFrom("newsletterSignups")), startOfUkWeek(now));
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
    one: "newsletter subscriber",
    filters: searchFilterWords(q),
    unfiltered: "all subscribers",
  });
  return csvStreamNewestFirst({
    onFinish,
    header: NEWSLETTER_CSV_COLUMNS,
    query: (db) => onlySubscribers(db.selectFrom("newsletterSignups")).select(SUMMARY_COLUMNS).where(search(q)),
    cells: (row) => [formatDateTime(row.createdAt), row.firstName, row.lastName, row.email, row.sourcePage],
  });
}
