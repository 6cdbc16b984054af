import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import { leadConfirmationEmail, newEnquiryStaffEmail, newLeadStaffEmail, portalUrl, type EnquiryForEmail, type LeadForEmail } from "~/lib/lead-emails";
import type { DeliveryKind } from "~/lib/outbox";
import { brand } from "~/infrastructure/brand.server";
import type { Database } from "~/lib/database-types";
import { env } from "~/infrastructure/env.server";
import { emailEnabled, type QueuedEmail } from "~/infrastructure/mailer.server";
import { addToOutbox } from "~/infrastructure/outbox.server";
import { ukDay } from "~/lib/calendar";

/**
 * The emails a new lead or enquiry causes, queued in the outbox in the same
 * transaction that stores it: a stored lead always has its emails and a crash
 * cannot keep one without the other. Only stored rows get here, so a honeypot
 * or a refused submission never sends anything. Each returns whether any were
 * queued: then call `deliverOutboxSoon()` after the commit.
 */

/** Staff are told when SMTP_URL and LEAD_NOTIFY_TO are set. */
const staffNotified = () => emailEnabled() && env.LEAD_NOTIFY_TO.length > 0;

/**
 * One address's key for counting confirmations: a hash (the count outlives
 * the lead it came from), of the address in lower case without a +tag, so
 * Name+1@ and name+2@ count as the one mailbox they reach. `scope` keeps
 * one kind of confirmation's count apart from another's ("" for quotes).
 */
function recipientKey(email: string, scope: string): string {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return crypto
    .createHash("sha256")
    .update(`${scope}${local.replace(/\+.*$/, "")}@${domain}`)
    .digest("hex");
}

/**
 * Counts a confirmation to `email` on the UK's today in the database, in the lead's
 * transaction; whether it is within CONFIRMATIONS_PER_RECIPIENT_PER_DAY. Past
 * days' counts are deleted as it goes (an indexed range, usually empty).
 */
export async function mayConfirmTo(
  trx: Transaction<Database>,
  email: string,
  now: Date,
  { cap, scope }: { cap: number; scope: string } = { cap: env.CONFIRMATIONS_PER_RECIPIENT_PER_DAY, scope: "" },
): Promise<boolean> {
  if (cap === 0) return false;
  const day = ukDay(now);
  await trx.deleteFrom("confirmationEmailCounts").where("day", "<", day).execute();
  const { count } = await trx
    .insertInto("confirmationEmailCounts")
    .values({ recipientKey: recipientKey(email, scope), day, count: 1 })
    .onConflict((conflict) => conflict.columns(["recipientKey", "day"]).doUpdateSet({ count: sql<number>`${sql.ref("confirmationEmailCounts.count")} + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return count <= cap;
}

/**
 * The staff notification (to LEAD_NOTIFY_TO) and the visitor's confirmation of
 * each new lead. The confirmation is fixed text and the reference, and one
 * address gets at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY of them: past that
 * the lead is stored and staff are told as ever, only the visitor's email is not queued.
 */
export async function queueNewLeadEmails(trx: Transaction<Database>, leads: Array<LeadForEmail & { email: string }>): Promise<boolean> {
  if (!emailEnabled() || leads.length === 0) return false;
  const now = new Date();
  const deliveries: Array<{ kind: DeliveryKind; leadId: number; payload: QueuedEmail }> = [];
  // One after another: two leads of one group may go to the same address.
  for (const lead of leads) {
    if (staffNotified()) {
      const staff = newLeadStaffEmail(lead, brand, portalUrl(env.APP_URL, `/admin/leads/${lead.id}`));
      deliveries.push({ kind: "lead.staff-email", leadId: lead.id, payload: { to: env.LEAD_NOTIFY_TO, replyTo: lead.email, ...staff } });
    }
    if (await mayConfirmTo(trx, lead.email, now)) {
      const confirmation: QueuedEmail = { to: [lead.email], replyTo: brand.email, ...leadConfirmationEmail(lead.reference, brand) };
      deliveries.push({ kind: "lead.confirmation-email", leadId: lead.id, payload: confirmation });
    }
  }
  await addToOutbox(trx, deliveries);
  return deliveries.length > 0;
}

/** The staff notification of a new contact enquiry. */
export async function queueNewEnquiryEmail(trx: Transaction<Database>, enquiry: EnquiryForEmail): Promise<boolean> {
  if (!staffNotified()) return false;
  const content = newEnquiryStaffEmail(enquiry, brand, portalUrl(env.APP_URL, `/admin/enquiries/${enquiry.id}`));
  await addToOutbox(trx, [
    { kind: "enquiry.staff-email", leadId: null, enquiryId: enquiry.id, payload: { to: env.LEAD_NOTIFY_TO, replyTo: enquiry.email, ...content } },
  ]);
  return true;
}
