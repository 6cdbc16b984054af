import type { Transaction } from "kysely";
import { leadConfirmationEmail, newLeadStaffEmail, type LeadForEmail } from "./lead-emails";
import { portalUrl } from "~/platform/email-layout";
import { mayConfirmTo, staffNotified } from "~/platform/email-caps.server";
import type { DeliveryKind } from "~/platform/outbox-kinds";
import { brand } from "~/platform/brand.server";
import type { Database } from "~/platform/database-types";
import { env } from "~/platform/env.server";
import { emailEnabled, type QueuedEmail } from "~/platform/mailer.server";
import { addToOutbox } from "~/platform/outbox.server";

/**
 * The emails a new lead causes, queued in the outbox in the same transaction that stores it: a stored lead always has its emails and a crash cannot keep one
 * without the other. Only stored rows get here, so a honeypot or a refused submission never sends anything. Each returns whether any were queued: then call
 * `deliverOutboxSoon()` after the commit.
 */

/**
 * The staff notification (to LEAD_NOTIFY_TO) and the visitor's confirmation of each new lead. The confirmation is fixed text and the reference, and one address
 * gets at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY of them: past that the lead is stored and staff are told as ever, only the visitor's email is not queued.
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
