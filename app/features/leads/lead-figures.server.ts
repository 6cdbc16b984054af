import { sql } from "kysely";
import { FUNNEL_STEPS, type FigureBar, type LeadFigures } from "./lead-figures";
import { databaseKind, getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { lastUkDays, ukDay, ukDayStart } from "~/lib/calendar";
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from "./lead-lists";
import { TEAM_SIZES } from "~/features/tariffs";

/** The dashboard's charts: leads over the last 30 days, how they split, how fast staff answer, the wizard's funnel. */

export const FIGURE_DAYS = 30;
/** When the figures' period began: the UK's midnight starting the first of its FIGURE_DAYS days. */
export function figuresSince(now: Date): string {
  return ukDayStart(lastUkDays(now, FIGURE_DAYS)[0]!).toISOString();
}

function countsBy<K extends string>(rows: { key: string | null; count: number | string | bigint }[]): Map<K | null, number> {
  return new Map(rows.map((row) => [row.key as K | null, Number(row.count)]));
}

/** Minutes from a lead's arrival to its first contact (the timestamps are ISO text). */
const responseMinutes =
  databaseKind === "postgres"
    ? sql<number>`extract(epoch from (${sql.ref("firstContactedAt")}::timestamptz - ${sql.ref("createdAt")}::timestamptz)) / 60`
    : sql<number>`(julianday(firstContactedAt) - julianday(createdAt)) * 1440`;

export async function leadFigures(now = new Date()): Promise<LeadFigures> {
  const db = await getDb();
  const days = lastUkDays(now, FIGURE_DAYS);
  const since = figuresSince(now);
  const recentLeads = db.selectFrom("leads").where("createdAt", ">=", since);

  const contacted = recentLeads.where("firstContactedAt", "is not", null);
  const countBy = (column: "status" | "sourcePage" | "teamSize") =>
    recentLeads
      .select((eb) => [eb.ref(column).as("key"), eb.fn.countAll<number>().as("count")])
      .groupBy(column)
      .execute();
  const [perDay, byStatus, bySource, byTeamSize, contactedCount, funnel] = await Promise.all([
    // By UTC hour ("2026-11-22T14"), each hour then counted on its UK day: the UK's offset is whole hours.
    recentLeads
      .select([sql<string>`substr(${sql.ref("createdAt")}, 1, 13)`.as("key"), (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("key")
      .execute(),
    countBy("status"),
    countBy("sourcePage"),
    countBy("teamSize"),
    contacted.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    db
      .selectFrom("wizardFunnel")
      .where("day", ">=", days[0])
      .select(["step", (eb) => eb.fn.sum<number>("count").as("count")])
      .groupBy("step")
      .execute(),
  ]);

  // The median: the middle response time, or the mean of the middle two; only those rows are read.
  const count = Number(contactedCount.count);
  const middle =
    count === 0
      ? []
      : await contacted
          .select(responseMinutes.as("minutes"))
          .orderBy("minutes")
          .limit(count % 2 === 1 ? 1 : 2)
          .offset(Math.floor((count - 1) / 2))
          .execute();
  const dayCounts = new Map<string, number>();
  for (const { key, count } of perDay) {
    const day = ukDay(new Date(`${key}:00:00Z`));
    dayCounts.set(day, (dayCounts.get(day) ?? 0) + Number(count));
  }
  const statusCounts = countsBy(byStatus);
  const sourceCounts = countsBy(bySource);
  const teamSizeCounts = countsBy(byTeamSize);
  const funnelCounts = new Map(funnel.map((row) => [row.step, Number(row.count)]));
  const bars = (entries: [string, number][]): FigureBar[] => entries.map(([label, value]) => ({ label, value }));

  return {
    days: FIGURE_DAYS,
    leadsPerDay: days.map((day) => ({ label: day, value: dayCounts.get(day) ?? 0 })),
    byStatus: bars(LEAD_STATUSES.map((status) => [LEAD_STATUS_LABELS[status], statusCounts.get(status) ?? 0])),
    bySourcePage: bars(
      [...sourceCounts.entries()]
        .map(([page, count]): [string, number] => [page ?? "The API (no page)", count])
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ),
    byTeamSize: bars(TEAM_SIZES.map((size) => [size, teamSizeCounts.get(size) ?? 0])),
    medianMinutesToFirstContact: middle.length === 0 ? null : middle.reduce((sum, row) => sum + Number(row.minutes), 0) / middle.length,
    contactedLeads: count,
    funnel: FUNNEL_STEPS.map(({ step, label }) => ({ label, value: funnelCounts.get(step) ?? 0 })),
  };
}

/** Counts one answer reaching `step` of the quote wizard on the UK's today. Counting never stands in a visitor's way. */
export async function countWizardStepReached(step: number, now = new Date()): Promise<void> {
  try {
    const db = await getDb();
    await db
      .insertInto("wizardFunnel")
      .values({ day: ukDay(now), step, count: 1 })
      .onConflict((conflict) => conflict.columns(["day", "step"]).doUpdateSet({ count: sql`${sql.ref("wizardFunnel.count")} + 1` }))
      .execute();
  } catch (error) {
    logger.error({ event: "quote_wizard.step_count_failed", err: error }, "Counting a quote wizard step failed");
  }
}
