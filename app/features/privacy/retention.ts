import { REMOVED_WORDS } from "./data-protection";
import type { QuoteLine } from "~/features/quotes";
import { addMonthsToInstant } from "~/lib/calendar";

/** The retention job's date and text rules (app/features/privacy/retention-rules.server.ts), pure so they are tested on their own. */

/**
 * When a customer's contract ends: the accepted quote's start plus its longest monthly line's term (the latest such end over their accepted quotes); with no
 * accepted quote (a lead marked converted by hand), their last activity.
 */
export function customerContractEnd(lead: { updatedAt: string }, acceptedQuotes: Array<{ start: string; lines: string }>): Date {
  if (acceptedQuotes.length === 0) return new Date(lead.updatedAt);
  let end = 0;
  for (const quote of acceptedQuotes) {
    const lines = JSON.parse(quote.lines) as QuoteLine[];
    const months = Math.max(0, ...lines.filter((line) => line.charge === "monthly").map((line) => line.termMonths ?? 0));
    end = Math.max(end, addMonthsToInstant(new Date(`${quote.start}T00:00:00.000Z`), months).getTime());
  }
  return new Date(end);
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
