import { toLead } from "~/lib/leads";
import type { LeadRow } from "./database-types";
import { env } from "./env.server";

/** Waits between attempts: a failing endpoint is tried four times in about 20 seconds. */
const RETRY_DELAYS_MS = [1_000, 4_000, 15_000];
const ATTEMPT_TIMEOUT_MS = 5_000;

function webhookBody(lead: LeadRow) {
  return JSON.stringify({ event: "lead.created", lead: toLead(lead) });
}

async function deliver(url: string, body: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": "lead-webhook/1" },
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      if (response.ok) return;
      throw new Error(`answered ${response.status}`);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.error(`Lead webhook gave up after ${attempt + 1} attempts:`, (error as Error).message);
        return;
      }
      console.warn(`Lead webhook attempt ${attempt + 1} failed (${(error as Error).message}); retrying`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Tells staff of a new lead by posting it to LEAD_WEBHOOK_URL (a chat or CRM
 * hook), after it is stored. Runs in the background: a slow or failing hook
 * never delays, fails or loses the lead.
 */
export function notifyNewLead(lead: LeadRow): void {
  if (!env.LEAD_WEBHOOK_URL) return;
  void deliver(env.LEAD_WEBHOOK_URL, webhookBody(lead));
}
