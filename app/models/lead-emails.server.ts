import type { Transaction } from "kysely";
import { leadConfirmationEmail, newEnquiryStaffEmail, newLeadStaffEmail, portalUrl, type EnquiryForEmail, type LeadForEmail } from "~/lib/lead-emails";
import type { DeliveryKind } from "~/lib/outbox";
import { brand } from "~/infrastructure/brand.server";
import type { Database } from "~/lib/database-types";
import { env } from "~/infrastructure/env.server";
import { emailEnabled, type QueuedEmail } from "~/infrastructure/mailer.server";
import { addToOutbox } from "~/infrastructure/outbox.server";

/**
 * The emails a new lead or enquiry causes, queued in the outbox in the same
 * transaction that stores it: a stored lead always has its emails and a crash
 * cannot keep one without the other. Only stored rows get here, so a honeypot
 * or a refused submission never sends anything. Each returns whether any were
 * queued: then call `deliverOutboxSoon()` after the commit.
 */

/** Staff are told when SMTP_URL and LEAD_NOTIFY_TO are set (env requires APP_URL then, for the link). */
const staffNotified = () => emailEnabled() && env.LEAD_NOTIFY_TO.length > 0;

/** The staff notification (to LEAD_NOTIFY_TO) and the visitor's confirmation of each new lead. */
export async function queueNewLeadEmails(trx: Transaction<Database>, leads: Array<LeadForEmail & { email: string }>): Promise<boolean> {
  if (!emailEnabled() || leads.length === 0) return false;
  const deliveries = leads.flatMap((lead) => {
    const confirmation: QueuedEmail = { to: [lead.email], replyTo: brand.email, ...leadConfirmationEmail(lead, brand) };
    const queued: Array<{ kind: DeliveryKind; leadId: number; payload: QueuedEmail }> = [
      { kind: "lead.confirmation-email", leadId: lead.id, payload: confirmation },
    ];
    if (staffNotified()) {
      const staff = newLeadStaffEmail(lead, brand, portalUrl(env.APP_URL!, `/admin/leads/${lead.id}`));
      queued.unshift({ kind: "lead.staff-email", leadId: lead.id, payload: { to: env.LEAD_NOTIFY_TO, replyTo: lead.email, ...staff } });
    }
    return queued;
  });
  await addToOutbox(trx, deliveries);
  return true;
}

/** The staff notification of a new contact enquiry. */
export async function queueNewEnquiryEmail(trx: Transaction<Database>, enquiry: EnquiryForEmail): Promise<boolean> {
  if (!staffNotified()) return false;
  const content = newEnquiryStaffEmail(enquiry, brand, portalUrl(env.APP_URL!, `/admin/enquiries/${enquiry.id}`));
  await addToOutbox(trx, [
    { kind: "enquiry.staff-email", leadId: null, enquiryId: enquiry.id, payload: { to: env.LEAD_NOTIFY_TO, replyTo: enquiry.email, ...content } },
  ]);
  return true;
}
