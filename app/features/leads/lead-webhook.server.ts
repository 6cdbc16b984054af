import type { Transaction } from "kysely";
import { toLead } from "./leads";
import type { Database } from "~/platform/database-types";
import { addToOutbox, hasDestination } from "~/platform/outbox.server";
import type { LeadRow } from "./lead-tables";

/**
 * Tells staff of a new lead by posting `{ event: "lead.created", lead }` (the spec's Lead shape) to LEAD_WEBHOOK_URL, a chat or CRM hook. The deliveries are
 * queued in the outbox in the leads' own transaction, so a stored lead always has its delivery and a crash cannot keep one without the other. Returns whether
 * any were queued: then call `deliverOutboxSoon()` after the commit.
 */
export async function queueNewLeadWebhooks(trx: Transaction<Database>, leads: LeadRow[]): Promise<boolean> {
  if (!hasDestination("lead.webhook") || leads.length === 0) return false;
  await addToOutbox(
    trx,
    leads.map((lead) => ({ kind: "lead.webhook", leadId: lead.id, payload: { event: "lead.created", lead: toLead(lead) } })),
  );
  return true;
}
