import type { Transaction } from "kysely";
import { toLead } from "~/lib/leads";
import type { Database, LeadRow } from "./database-types";
import { addToOutbox, hasDestination } from "./outbox.server";

/**
 * Tells staff of a new lead by posting `{ event: "lead.created", lead }` (the
 * spec's Lead shape) to LEAD_WEBHOOK_URL, a chat or CRM hook. The delivery is
 * queued in the outbox in the lead's own transaction, so a stored lead always
 * has its delivery and a crash cannot keep one without the other. Returns
 * whether one was queued: then call `deliverOutboxSoon()` after the commit.
 */
export async function queueNewLeadWebhook(trx: Transaction<Database>, lead: LeadRow): Promise<boolean> {
  if (!hasDestination("lead.webhook")) return false;
  await addToOutbox(trx, { kind: "lead.webhook", leadId: lead.id, payload: { event: "lead.created", lead: toLead(lead) } });
  return true;
}

