import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar";
import { formatCount, formatPercent } from "~/lib/money";

/**
 * The Sources report (issue 41): leads of a period grouped by where they came from, with how many were sent a quote and how many accepted one. This slice
 * adds the leads whose order is live and the monthly value won; it answers JSON (`GET /admin/api/reports/sources`), the Sources screen and its CSV. Visits and
 * spend come later.
 */

/** How the rows are grouped: by UTM source, by source and medium together, or by campaign. */
export const SOURCE_REPORT_GROUPS = ["source", "source-medium", "campaign"] as const;
export type SourceReportGroup = (typeof SOURCE_REPORT_GROUPS)[number];

/** Each grouping's name on the Sources screen and in its CSV. */
export const SOURCE_REPORT_GROUP_LABELS: Record<SourceReportGroup, string> = {
  source: "Source",
  "source-medium": "Source and medium",
  campaign: "Campaign",
};

/** A group's name as staff read it: "google / cpc" by source and medium; a lead that recorded none is "Not recorded". */
export function sourceReportRowName(row: SourceReportRow, group: SourceReportGroup): string {
  const values = group === "source-medium" ? [row.source, row.medium] : [group === "campaign" ? row.campaign : row.source];
  return values.every((value) => !value) ? "Not recorded" : values.map((value) => value || "Not recorded").join(" / ");
}

/** One step's conversion, e.g. quotes sent of leads: null when the step before it counted none (the screen shows "—"). */
export function conversion(count: number, of: number): number | null {
  return of === 0 ? null : count / of;
}

/**
 * A group's (or the totals') figures in the screen's and the CSV's order, each with its column's name: counts, each step's conversion as a percentage ("—"
 * when the step before counted none) and the value won as `pounds` writes it (with £ on the screen, plain in the CSV).
 */
export function sourceReportFigures(counts: SourceReportCounts, pounds: (pence: number) => string): Array<{ label: string; text: string }> {
  const percent = (count: number, of: number) => {
    const fraction = conversion(count, of);
    return fraction === null ? "—" : formatPercent(fraction);
  };
  return [
    { label: "Leads", text: formatCount(counts.leads) },
    { label: "Quotes sent", text: formatCount(counts.quotesSent) },
    { label: "Sent of leads", text: percent(counts.quotesSent, counts.leads) },
    { label: "Quotes accepted", text: formatCount(counts.quotesAccepted) },
    { label: "Accepted of sent", text: percent(counts.quotesAccepted, counts.quotesSent) },
    { label: "Orders live", text: formatCount(counts.ordersLive) },
    { label: "Live of accepted", text: percent(counts.ordersLive, counts.quotesAccepted) },
    { label: "Monthly value won", text: pounds(counts.monthlyValueWonExVatPence) },
  ];
}

/** A report covers at most a year of UK days (a leap year's 366), which the benchmark's goal is set for. */
export const SOURCE_REPORT_MAX_DAYS = 366;
/** Without `from`, the period is this many days up to `to` (today by default), as the dashboard's charts. */
export const SOURCE_REPORT_DEFAULT_DAYS = 30;

export const SOURCE_REPORT_MESSAGES = {
  from: "Give the first day as YYYY-MM-DD",
  to: "Give the last day as YYYY-MM-DD",
  group: `Group by one of: ${SOURCE_REPORT_GROUPS.join(", ")}`,
  order: "The first day must be on or before the last",
  span: `Choose a period of at most ${SOURCE_REPORT_MAX_DAYS} days`,
} as const;

const day = (message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .refine((text) => text === "" || isCalendarDay(text), message)
    .optional()
    .transform((text) => text || undefined);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD&group=source|source-medium|campaign`, UK days, both ends included; the defaults are filled in by the model (today). */
export const sourceReportQuerySchema = z.object({
  from: day(SOURCE_REPORT_MESSAGES.from),
  to: day(SOURCE_REPORT_MESSAGES.to),
  // Empty, as a GET form sends an unchosen field, is the default, as for the days.
  group: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum(SOURCE_REPORT_GROUPS, { errorMap: () => ({ message: SOURCE_REPORT_MESSAGES.group }) })
      .optional()
      .transform((group) => group ?? "source"),
  ),
});
export type SourceReportQuery = z.infer<typeof sourceReportQuerySchema>;

export interface SourceReportCounts {
  leads: number;
  /** Leads sent at least one quote (a revision counts once). */
  quotesSent: number;
  /** Leads that accepted a quote (a lead accepts one at most). */
  quotesAccepted: number;
  /** Leads whose order is live. */
  ordersLive: number;
  /** The sum of the live orders' contracts' monthly price ex VAT, in pence. */
  monthlyValueWonExVatPence: number;
}

/** One group: its source, medium or campaign (null for leads that recorded none), and its counts. */
export interface SourceReportRow extends SourceReportCounts {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
}

export interface SourceReport {
  from: string;
  to: string;
  group: SourceReportGroup;
  rows: SourceReportRow[];
  totals: SourceReportCounts;
}
