import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "~/platform/database-types";
import { addDays, startOfUkWeek, ukDay, ukDayStart } from "~/lib/calendar";
import { getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { spendInPeriod, type SpendInPeriod } from "./marketing-spend.server";
import {
  costPer,
  SOURCE_REPORT_DEFAULT_DAYS,
  SOURCE_REPORT_MAX_DAYS,
  SOURCE_REPORT_MESSAGES,
  type SourceReport,
  type SourceReportCounts,
  type SourceReportGroup,
  type SourceReportQuery,
  type SourceReportRow,
} from "./sources-report";

type QuoteStep = "sentAt" | "acceptedAt";

/** 1 for a lead (of a query over `leads`) with a quote sent, or accepted, 0 otherwise: summed, the leads that reached the step (a revision counts once). */
function leadsWithQuote(eb: ExpressionBuilder<Database, "leads">, step: QuoteStep) {
  const reached = eb.exists(eb.selectFrom("quotes").select("quotes.id").whereRef("quotes.leadId", "=", "leads.id").where(`quotes.${step}`, "is not", null));
  return eb.case().when(reached).then(1).else(0).end();
}

/** The lead columns each grouping reads. */
const GROUP_COLUMNS = {
  source: ["source"],
  "source-medium": ["source", "medium"],
  campaign: ["campaign"],
} as const satisfies Record<SourceReportGroup, readonly ("source" | "medium" | "campaign")[]>;

/**
 * The leads created on the period's UK days, grouped by where they came from (app/features/leads/attribution.ts), with how many of them were sent a quote and
 * how many accepted one, whenever that happened: the leads are the cohort, so a later acceptance still counts for the campaign that brought the lead. Orders
 * live and the value won (the monthly ex-VAT value of the live orders' contracts) are of the same cohort. Beside them, the period's visits to the comparison
 * (comparison-visits.server.ts) and its spend (marketing-spend.server.ts) with the cost per lead and per win. Rows with the most value won first, then the
 * most leads. A period that ends before it starts, or is longer than a year, is refused (400).
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
      const quoted = (column: QuoteStep) => eb.fn.sum<number | string>(leadsWithQuote(eb, column)).as(column === "sentAt" ? "quotesSent" : "quotesAccepted");
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

  const visits = await db
    .selectFrom("comparisonVisits")
    .select(columns.map((column) => `comparisonVisits.${column}` as const))
    .select((eb) => eb.fn.sum<number | string>("comparisonVisits.visits").as("visits"))
    .where("comparisonVisits.day", ">=", from)
    .where("comparisonVisits.day", "<=", to)
    .groupBy(columns.map((column) => `comparisonVisits.${column}` as const))
    .execute();
  const spend = await spendInPeriod(from, to);

  // One row per group that had visits, leads or spend; a visit's or spend's "" is a lead's null (none recorded).
  const groups = new Map<string, SourceReportRow>();
  const key = (values: Partial<Record<"source" | "medium" | "campaign", string | null>>) => columns.map((column) => values[column] ?? "").join("\u0000");
  const groupOf = (values: Partial<Record<"source" | "medium" | "campaign", string | null>>) => {
    const found = groups.get(key(values));
    if (found) return found;
    const row: SourceReportRow = {
      ...Object.fromEntries(columns.map((column) => [column, values[column] || null])),
      ...emptyCounts(query.group === "source-medium" ? null : 0),
    };
    groups.set(key(values), row);
    return row;
  };
  // Postgres counts and sums are bigint (text to the driver); SQLite's are numbers.
  for (const row of rows) {
    Object.assign(groupOf(row), {
      leads: Number(row.leads),
      quotesSent: Number(row.quotesSent ?? 0),
      quotesAccepted: Number(row.quotesAccepted ?? 0),
      ordersLive: Number(row.ordersLive ?? 0),
      monthlyValueWonExVatPence: Number(row.monthlyValueWonExVatPence ?? 0),
    });
  }
  for (const row of visits) groupOf(row).visits = Number(row.visits ?? 0);
  // Spend is entered per source or per campaign: by source and medium it has no row to go to, and shows in the totals only.
  if (query.group !== "source-medium") {
    for (const entry of spend) {
      if (query.group === "campaign" && !entry.campaign) continue;
      const row = groupOf(entry);
      row.spendPence = (row.spendPence ?? 0) + entry.pence;
    }
  }
  const counted = [...groups.values()].map((row) => withCosts({ ...row, spendPence: row.spendPence || null }));
  // Ties in the order of their values as stored (code points, so the same on every machine), a group with none first.
  counted.sort(
    (a, b) =>
      b.monthlyValueWonExVatPence - a.monthlyValueWonExVatPence ||
      b.leads - a.leads ||
      b.quotesAccepted - a.quotesAccepted ||
      b.visits - a.visits ||
      (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
  );
  const totals = counted.reduce<SourceReportCounts>(
    (sum, row) => ({
      ...sum,
      visits: sum.visits + row.visits,
      leads: sum.leads + row.leads,
      quotesSent: sum.quotesSent + row.quotesSent,
      quotesAccepted: sum.quotesAccepted + row.quotesAccepted,
      ordersLive: sum.ordersLive + row.ordersLive,
      monthlyValueWonExVatPence: sum.monthlyValueWonExVatPence + row.monthlyValueWonExVatPence,
    }),
    emptyCounts(null),
  );
  return { from, to, group: query.group, rows: counted, totals: withCosts({ ...totals, spendPence: totalSpend(spend) }) };
}

function emptyCounts(spendPence: number | null): SourceReportCounts {
  return {
    visits: 0,
    leads: 0,
    quotesSent: 0,
    quotesAccepted: 0,
    ordersLive: 0,
    monthlyValueWonExVatPence: 0,
    spendPence,
    costPerLeadPence: null,
    costPerWinPence: null,
  };
}

/** All the period's spend, whichever group it went to; null when none was entered. */
function totalSpend(spend: SpendInPeriod[]): number | null {
  return spend.length === 0 ? null : spend.reduce((sum, entry) => sum + entry.pence, 0);
}

function withCosts<T extends SourceReportCounts>(counts: T): T {
  return { ...counts, costPerLeadPence: costPer(counts.spendPence, counts.leads), costPerWinPence: costPer(counts.spendPence, counts.quotesAccepted) };
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
  // By UTC hour ("2026-11-22T14"), each hour then counted in its UK week (the UK's offset is whole hours): a year's 100,000 leads are at most 8,784 rows,
  // where working out each lead's week (three Intl calls a lead) cost seconds.
  const hours = await db
    .selectFrom("leads")
    .select((eb) => [
      sql<string>`substr(${sql.ref("leads.createdAt")}, 1, 13)`.as("hour"),
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.sum<number | string>(leadsWithQuote(eb, "acceptedAt")).as("wins"),
    ])
    .where("leads.createdAt", ">=", ukDayStart(report.from).toISOString())
    .where("leads.createdAt", "<", ukDayStart(addDays(report.to, 1)).toISOString())
    .groupBy("hour")
    .execute();
  const weeks = new Map<string, SourceReportWeek>();
  for (let week = ukDay(startOfUkWeek(ukDayStart(report.from))); week <= report.to; week = addDays(week, 7)) weeks.set(week, { week, leads: 0, wins: 0 });
  // An hour's UK day is one Intl call; its week is worked out once per day (three more).
  const weekOfDay = new Map<string, string>();
  for (const hour of hours) {
    const day = ukDay(new Date(`${hour.hour}:00:00Z`));
    let monday = weekOfDay.get(day);
    if (monday === undefined) weekOfDay.set(day, (monday = ukDay(startOfUkWeek(ukDayStart(day)))));
    const week = weeks.get(monday);
    if (!week) continue;
    // Postgres counts and sums are bigint (text to the driver); SQLite's are numbers.
    week.leads += Number(hour.leads);
    week.wins += Number(hour.wins ?? 0);
  }
  return [...weeks.values()];
}
