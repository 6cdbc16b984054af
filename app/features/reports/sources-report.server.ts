import { addDays, startOfUkWeek, ukDay, ukDayStart } from "~/lib/calendar";
import { getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import {
  SOURCE_REPORT_DEFAULT_DAYS,
  SOURCE_REPORT_MAX_DAYS,
  SOURCE_REPORT_MESSAGES,
  type SourceReport,
  type SourceReportGroup,
  type SourceReportQuery,
  type SourceReportRow,
} from "./sources-report";

/** The lead columns each grouping reads. */
const GROUP_COLUMNS = {
  source: ["source"],
  "source-medium": ["source", "medium"],
  campaign: ["campaign"],
} as const satisfies Record<SourceReportGroup, readonly ("source" | "medium" | "campaign")[]>;

/**
 * The leads created on the period's UK days, grouped by where they came from (app/features/leads/attribution.ts), with how many of them were sent a quote and
 * how many accepted one, whenever that happened: the leads are the cohort, so a later acceptance still counts for the campaign that brought the lead. Rows with
 * the most value won first, then the most leads. Orders live and the value won (the monthly ex-VAT value of the live orders' contracts) are of the same cohort. A period that ends before it starts, or is longer than a year, is refused (400).
 */
export async function sourcesReport(query: SourceReportQuery, now = new Date()): Promise<SourceReport> {
  const to = query.to ?? ukDay(now);
  const from = query.from ?? addDays(to, -(SOURCE_REPORT_DEFAULT_DAYS - 1));
  // YYYY-MM-DD days compare as text.
  if (from > to) throw new ModelError(400, SOURCE_REPORT_MESSAGES.order, "to");
  if (addDays(from, SOURCE_REPORT_MAX_DAYS - 1) < to) throw new ModelError(400, SOURCE_REPORT_MESSAGES.span, "from");
  const columns = GROUP_COLUMNS[query.group];

  const db = await getDb();
  // Each lead with a live order, once, with the monthly value of its contracts (a live order without contracts yet is worth 0 but still counts as live).
  const won = db
    .selectFrom("orders")
    .leftJoin("contracts", "contracts.orderId", "orders.id")
    .where("orders.status", "=", "live")
    .select((eb) => ["orders.leadId", eb.fn.coalesce(eb.fn.sum<number | string>("contracts.monthlyExVatPence"), eb.lit(0)).as("monthlyExVatPence")])
    .groupBy("orders.leadId")
    .as("won");
  const rows = await db
    .selectFrom("leads")
    .leftJoin(won, "won.leadId", "leads.id")
    .select(columns.map((column) => `leads.${column}` as const))
    .select((eb) => {
      const quoted = (column: "sentAt" | "acceptedAt") =>
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.exists(eb.selectFrom("quotes").select("quotes.id").whereRef("quotes.leadId", "=", "leads.id").where(`quotes.${column}`, "is not", null)))
              .then(1)
              .else(0)
              .end(),
          )
          .as(column === "sentAt" ? "quotesSent" : "quotesAccepted");
      return [
        eb.fn.countAll<number | string>().as("leads"),
        quoted("sentAt"),
        quoted("acceptedAt"),
        eb.fn.count<number | string>("won.leadId").as("ordersLive"),
        eb.fn.sum<number | string>("won.monthlyExVatPence").as("monthlyValueWonExVatPence"),
      ];
    })
    .where("leads.createdAt", ">=", ukDayStart(from).toISOString())
    .where("leads.createdAt", "<", ukDayStart(addDays(to, 1)).toISOString())
    .groupBy(columns.map((column) => `leads.${column}` as const))
    .execute();

  // Postgres counts and sums are bigint (text to the driver); SQLite's are numbers.
  const counted: SourceReportRow[] = rows.map((row) => ({
    ...Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
    leads: Number(row.leads),
    quotesSent: Number(row.quotesSent ?? 0),
    quotesAccepted: Number(row.quotesAccepted ?? 0),
    ordersLive: Number(row.ordersLive ?? 0),
    monthlyValueWonExVatPence: Number(row.monthlyValueWonExVatPence ?? 0),
  }));
  const key = (row: SourceReportRow) => columns.map((column) => row[column] ?? "").join("\u0000");
  // Ties in the order of their values as stored (code points, so the same on every machine), a group with none first.
  counted.sort(
    (a, b) =>
      b.monthlyValueWonExVatPence - a.monthlyValueWonExVatPence ||
      b.leads - a.leads ||
      b.quotesAccepted - a.quotesAccepted ||
      (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
  );
  const totals = counted.reduce(
    (sum, row) => ({
      leads: sum.leads + row.leads,
      quotesSent: sum.quotesSent + row.quotesSent,
      quotesAccepted: sum.quotesAccepted + row.quotesAccepted,
      ordersLive: sum.ordersLive + row.ordersLive,
      monthlyValueWonExVatPence: sum.monthlyValueWonExVatPence + row.monthlyValueWonExVatPence,
    }),
    { leads: 0, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 },
  );
  return { from, to, group: query.group, rows: counted, totals };
}

/** A UK week of the period (Monday's day, YYYY-MM-DD) with the leads created in it and how many of them accepted a quote (whenever they did). */
export interface SourceReportWeek {
  week: string;
  leads: number;
  wins: number;
}

/** The period's leads and wins per UK week, Monday first, every week of the period present (a quiet week is 0): for the Sources screen's chart. */
export async function sourcesPerWeek(report: Pick<SourceReport, "from" | "to">): Promise<SourceReportWeek[]> {
  const db = await getDb();
  const leads = await db
    .selectFrom("leads")
    .select((eb) => [
      "leads.createdAt",
      eb.exists(eb.selectFrom("quotes").select("quotes.id").whereRef("quotes.leadId", "=", "leads.id").where("quotes.acceptedAt", "is not", null)).as("won"),
    ])
    .where("leads.createdAt", ">=", ukDayStart(report.from).toISOString())
    .where("leads.createdAt", "<", ukDayStart(addDays(report.to, 1)).toISOString())
    .execute();
  const weeks = new Map<string, SourceReportWeek>();
  for (let week = ukDay(startOfUkWeek(ukDayStart(report.from))); week <= report.to; week = addDays(week, 7)) weeks.set(week, { week, leads: 0, wins: 0 });
  for (const lead of leads) {
    const week = weeks.get(ukDay(startOfUkWeek(new Date(lead.createdAt))));
    if (!week) continue;
    week.leads += 1;
    // SQLite answers EXISTS as 0/1, Postgres as a boolean.
    if (lead.won === true || Number(lead.won) === 1) week.wins += 1;
  }
  return [...weeks.values()];
}
