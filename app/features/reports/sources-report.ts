import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar";
import { formatPercent } from "~/lib/money";

/**
 * The Sources report (issue 41): a period's visits to the comparison and leads, grouped by where they came from, with how many were sent a quote, accepted
 * one and went live, the monthly value won, and what was spent with the cost per lead and per win. It answers JSON (`GET /admin/api/reports/sources`), the
 * Sources screen and its CSV.
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

/** A step's conversion as a percentage of the step before ("—" when that counted none), with its name ("Sent of leads") and how a cell says it ("of leads"). */
export interface SourceReportConversion {
  label: string;
  of: string;
  text: string;
}

/** One figure of a group's (or the totals') row: its column's name, its text, and the conversion from the step before, if it is a step. */
export interface SourceReportFigure {
  label: string;
  text: string;
  conversion?: SourceReportConversion;
}

/**
 * A group's (or the totals') figures in the screen's and the CSV's order: counts (as `count` writes them: "1,234" on the screen, plain in the CSV), each step's
 * conversion, the value won and the spend as `pounds` writes them (with £ on the screen, plain in the CSV), and the cost per lead and per win ("—" without spend,
 * or without leads or wins to share it).
 */
export function sourceReportFigures(
  counts: SourceReportCounts,
  { pounds, count }: { pounds: (pence: number) => string; count: (value: number) => string },
): SourceReportFigure[] {
  const step = (label: string, of: string, value: number, before: number): SourceReportConversion => {
    const fraction = conversion(value, before);
    return { label, of, text: fraction === null ? "—" : formatPercent(fraction) };
  };
  const money = (pence: number | null) => (pence === null ? "—" : pounds(pence));
  return [
    { label: "Visits", text: count(counts.visits) },
    { label: "Leads", text: count(counts.leads), conversion: step("Leads of visits", "of visits", counts.leads, counts.visits) },
    { label: "Quotes sent", text: count(counts.quotesSent), conversion: step("Sent of leads", "of leads", counts.quotesSent, counts.leads) },
    { label: "Quotes accepted", text: count(counts.quotesAccepted), conversion: step("Accepted of sent", "of sent", counts.quotesAccepted, counts.quotesSent) },
    { label: "Orders live", text: count(counts.ordersLive), conversion: step("Live of accepted", "of accepted", counts.ordersLive, counts.quotesAccepted) },
    { label: "Monthly value won", text: pounds(counts.monthlyValueWonExVatPence) },
    { label: "Spend", text: money(counts.spendPence) },
    { label: "Cost per lead", text: money(counts.costPerLeadPence) },
    { label: "Cost per win", text: money(counts.costPerWinPence) },
  ];
}

/** The spend shared over `count` leads or wins, to the nearest penny; null without spend or with none to share it. */
export function costPer(spendPence: number | null, count: number): number | null {
  return spendPence === null || count === 0 ? null : Math.round(spendPence / count);
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
  /** Visits that reached the comparison (counted on the server: app/features/reports/comparison-visits.server.ts). */
  visits: number;
  leads: number;
  /** Leads sent at least one quote (a revision counts once). */
  quotesSent: number;
  /** Leads that accepted a quote (a lead accepts one at most). */
  quotesAccepted: number;
  /** Leads whose order is live. */
  ordersLive: number;
  /** The sum of the live orders' contracts' monthly price ex VAT, in pence. */
  monthlyValueWonExVatPence: number;
  /**
   * What was spent on the group in the period, in pence: the months' spend, a month only partly in the period for its days. Null when the grouping cannot
   * carry spend (source and medium: spend is entered per source or campaign), and on a group nothing was spent on.
   */
  spendPence: number | null;
  /** Spend per lead and per win (a lead that accepted a quote), to the nearest penny; null without spend, leads or wins. */
  costPerLeadPence: number | null;
  costPerWinPence: number | null;
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
