import { REMOVED_WORDS } from "./data-protection";
import type { QuoteLine } from "~/features/quotes";
import { addDays, addMonthsToInstant } from "~/lib/calendar";

/** The retention job's date and text rules (app/features/privacy/retention-rules.server.ts), pure so they are tested on their own. */

/**
 * When a customer's contract ends: the accepted quote's start plus its longest monthly line's term (the latest such end over their accepted quotes), or the day
 * after the last day of their latest contract (an order that went live: its lines' contracts, app/features/orders), whichever is later; with neither (a lead
 * marked converted by hand), their last activity.
 */
export function customerContractEnd(
  lead: { updatedAt: string },
  acceptedQuotes: Array<{ start: string; lines: string }>,
  latestContractEndDay: string | null = null,
): Date {
  const contractEnd = latestContractEndDay ? new Date(`${addDays(latestContractEndDay, 1)}T00:00:00.000Z`).getTime() : 0;
  if (acceptedQuotes.length === 0) return contractEnd ? new Date(contractEnd) : new Date(lead.updatedAt);
  let end = contractEnd;
  for (const quote of acceptedQuotes) {
    const lines = JSON.parse(quote.lines) as QuoteLine[];
    const months = Math.max(0, ...lines.filter((line) => line.charge === "monthly").map((line) => line.termMonths ?? 0));
    end = Math.max(end, addMonthsToInstant(new Date(`${quote.start}T00:00:00.000Z`), months).getTime());
  }
  return new Date(end);
}

/**
 * The day before which an order's contracts must all have ended for it to be due (CUSTOMER_RETENTION_YEARS, as customerContractEnd is kept): a contract
 * whose last day is before it ended more than those years before `asOf`.
 */
export function ordersEndedBefore(asOf: Date, customerYears: number): string {
  return addMonthsToInstant(asOf, -customerYears * 12)
    .toISOString()
    .slice(0, 10);
}

/**
 * An audit summary without the personal details it was written with (an address that tried to sign in, a client's IP address, a customer's name), in the same
 * words; null when it has none. A rewritten summary holds REMOVED_WORDS, which is how a later run knows to leave it.
 */
export function auditSummaryWithoutDetails(action: string, summary: string): string | null {
  const rewrite = AUDIT_REWRITES[action];
  if (!rewrite || summary.includes(REMOVED_WORDS)) return null;
  const [pattern, replacement] = rewrite;
  const rewritten = summary.replace(pattern, replacement);
  return rewritten === summary ? null : rewritten;
}

/** Audit entries older than this lose the personal details in their summaries; the entries stay. */
export const AUDIT_DETAIL_MONTHS = 24;

/** By audit action: the summary's shape (app/features/staff/audit-log.server.ts, quotes, leads) and the same words without the details. */
const AUDIT_REWRITES: Record<string, [RegExp, string]> = {
  "sign_in.failed": [
    /^Failed sign-in as .+ (with a password|through the sign-in provider) from \S+: (.+)$/s,
    `Failed sign-in as ${REMOVED_WORDS} $1 from ${REMOVED_WORDS}: $2`,
  ],
  "sign_in.succeeded": [/^(Signed in .+) from \S+$/s, `$1 from ${REMOVED_WORDS}`],
  "lead.deleted": [/^(Deleted lead \S+) \(.+\)$/s, `$1 (${REMOVED_WORDS})`],
  "quote.sent": [/^(Quote \S+ sent) to .+?(: .*)$/s, `$1 to ${REMOVED_WORDS}$2`],
  "quote.accepted": [/^(Quote \S+ accepted by) .+ (\([^()]*\))$/s, `$1 ${REMOVED_WORDS} $2`],
  "quote.declined": [/^(Quote \S+ declined by the customer): .+ (\([^()]*\))$/s, `$1: ${REMOVED_WORDS} $2`],
};
export const AUDIT_REWRITE_ACTIONS = Object.keys(AUDIT_REWRITES);
