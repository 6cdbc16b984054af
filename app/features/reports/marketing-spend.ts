import { z } from "zod";
import { attributionValue } from "~/features/leads";
import { formatPounds, penceFromPounds } from "~/lib/money";

/**
 * Marketing spend (issue 41): what was spent in a month on a source (google), or on one campaign of a source (google, spring-sale), which the Sources report
 * shares over the leads and wins it brought. Staff enter it on the Spend screen; every change is in the audit log.
 */

/** The most a month's spend on one source or campaign may be (a typing slip of a few zeros is refused rather than skewing every cost). */
export const SPEND_MAX_PENCE = 100_000_000;

export const SPEND_MESSAGES = {
  month: "Give the month as YYYY-MM, for example 2026-10",
  source: "Give the source as the leads record it, for example google: letters, digits and . _ - only",
  campaign: "Give the campaign as the leads record it, for example spring-sale, or leave it empty for the whole source",
  amount: `Give the amount in pounds, for example 1250 or 1250.50, at most ${formatPounds(SPEND_MAX_PENCE)}`,
  saved: "Spend saved",
  gone: "That spend entry has already been deleted",
} as const;

const MONTH_PATTERN = /^(20\d\d)-(0[1-9]|1[0-2])$/;

/** Whether a text is a month written YYYY-MM (2000 to 2099). */
export function isSpendMonth(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

/** What a spend entry is for, as staff read it: "google", or "google / spring-sale". */
export function spendTarget(entry: { source: string; campaign: string }): string {
  return entry.campaign ? `${entry.source} / ${entry.campaign}` : entry.source;
}

/** A UTM value as the leads keep it (lower case, bounded, allowed characters): a spend entry matches the leads only when written the same way. */
const utmValue = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).transform((text, context) => {
    const value = attributionValue(text);
    if (value === null) context.addIssue({ code: z.ZodIssueCode.custom, message });
    return value ?? "";
  });

/**
 * The Spend screen's form and `POST /admin/api/reports/spend`: one month's amount for a source, or for a campaign of it, in pounds; saving the same month,
 * source and campaign again replaces the amount.
 */
export const marketingSpendSchema = z.object({
  month: z.string({ required_error: SPEND_MESSAGES.month }).trim().refine(isSpendMonth, SPEND_MESSAGES.month),
  source: utmValue(SPEND_MESSAGES.source),
  campaign: z
    .string({ invalid_type_error: SPEND_MESSAGES.campaign })
    .optional()
    .transform((text, context) => {
      if (!text?.trim()) return "";
      const value = attributionValue(text);
      if (value === null) context.addIssue({ code: z.ZodIssueCode.custom, message: SPEND_MESSAGES.campaign });
      return value ?? "";
    }),
  // A form sends text; a JSON caller may send a number of pounds, read back from its shortest spelling (12.5 is "12.5").
  amount: z.union([z.string(), z.number()], { errorMap: () => ({ message: SPEND_MESSAGES.amount }) }).transform((typed, context) => {
    const pence = penceFromPounds(String(typed).trim().replaceAll(",", ""));
    if (pence === null || pence > SPEND_MAX_PENCE) context.addIssue({ code: z.ZodIssueCode.custom, message: SPEND_MESSAGES.amount });
    return pence ?? 0;
  }),
});
export type MarketingSpendInput = z.infer<typeof marketingSpendSchema>;

/** A spend entry as the Spend screen lists it. */
export interface MarketingSpendEntry {
  id: number;
  month: string;
  source: string;
  campaign: string;
  amountPence: number;
  updatedAt: string;
  updatedByName: string | null;
}
