import type { AdminUser } from "~/features/staff";
import { fullName } from "~/features/staff";
import { recordAudit } from "~/features/staff/index.server";
import { daysBetween, daysInCalendarMonth, formatCalendarMonth } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { getDb, nowIso } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { SPEND_MESSAGES, spendTarget, type MarketingSpendEntry, type MarketingSpendInput } from "./marketing-spend";

/** The Spend screen lists at most this many entries, the latest months first (a few sources a month for years). */
export const SPEND_LISTED = 500;

/** The spend entries, the latest month first, then by source and campaign, with who changed each last. */
export async function listMarketingSpend(): Promise<MarketingSpendEntry[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("marketingSpend")
    .leftJoin("adminUsers", "adminUsers.id", "marketingSpend.updatedById")
    .select([
      "marketingSpend.id",
      "marketingSpend.month",
      "marketingSpend.source",
      "marketingSpend.campaign",
      "marketingSpend.amountPence",
      "marketingSpend.updatedAt",
      "adminUsers.firstName",
      "adminUsers.lastName",
      "adminUsers.email",
    ])
    .orderBy("marketingSpend.month", "desc")
    .orderBy("marketingSpend.source")
    .orderBy("marketingSpend.campaign")
    .limit(SPEND_LISTED)
    .execute();
  return rows.map(({ firstName, lastName, email, ...entry }) => ({
    ...entry,
    updatedByName: email ? fullName({ firstName: firstName ?? "", lastName: lastName ?? "" }) || email : null,
  }));
}

/** One spend entry as its delete dialog names it ("google · Oct 2026 · £310.00"), or null once it is gone. */
export async function findMarketingSpend(id: number): Promise<{ name: string } | null> {
  const db = await getDb();
  const entry = await db.selectFrom("marketingSpend").select(["month", "source", "campaign", "amountPence"]).where("id", "=", id).executeTakeFirst();
  return entry ? { name: `${spendTarget(entry)} · ${formatCalendarMonth(entry.month)} · ${formatPounds(entry.amountPence)}` } : null;
}

/** A spend entry as the JSON answers it. */
export interface SavedMarketingSpend {
  id: number;
  month: string;
  source: string;
  campaign: string;
  amountPence: number;
}

/** Sets a month's spend on a source or campaign, replacing an amount already entered for it; audited with the amount it replaced. Gives the entry. */
export async function saveMarketingSpend(actor: AdminUser, input: MarketingSpendInput): Promise<SavedMarketingSpend> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const before = await trx
      .selectFrom("marketingSpend")
      .select("amountPence")
      .where("month", "=", input.month)
      .where("source", "=", input.source)
      .where("campaign", "=", input.campaign)
      .executeTakeFirst();
    // An upsert, so two staff entering the same month at once leave one entry (the later amount).
    const saved = await trx
      .insertInto("marketingSpend")
      .values({
        month: input.month,
        source: input.source,
        campaign: input.campaign,
        amountPence: input.amount,
        createdAt: now,
        updatedAt: now,
        updatedById: actor.id,
      })
      .onConflict((conflict) =>
        conflict.columns(["month", "source", "campaign"]).doUpdateSet({ amountPence: input.amount, updatedAt: now, updatedById: actor.id }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const what = `${spendTarget(input)} in ${formatCalendarMonth(input.month)}`;
    await recordAudit(
      actor,
      {
        action: "reports.spend.saved",
        entityType: "marketingSpend",
        entityId: saved.id,
        summary: before
          ? `Changed the spend on ${what} from ${formatPounds(before.amountPence)} to ${formatPounds(input.amount)}`
          : `Entered ${formatPounds(input.amount)} spent on ${what}`,
      },
      trx,
    );
    return { id: saved.id, month: input.month, source: input.source, campaign: input.campaign, amountPence: input.amount };
  });
}

/** Deletes a spend entry; audited with what it was. An entry already gone is 404. */
export async function deleteMarketingSpend(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const entry = await trx.deleteFrom("marketingSpend").where("id", "=", id).returning(["month", "source", "campaign", "amountPence"]).executeTakeFirst();
    if (!entry) throw new ModelError(404, SPEND_MESSAGES.gone);
    await recordAudit(
      actor,
      {
        action: "reports.spend.deleted",
        entityType: "marketingSpend",
        entityId: id,
        summary: `Deleted the ${formatPounds(entry.amountPence)} spent on ${spendTarget(entry)} in ${formatCalendarMonth(entry.month)}`,
      },
      trx,
    );
  });
}

/** A spend entry's share of a period (UK days, both ends included): the month's amount for the month's days inside the period, to the nearest penny. */
export interface SpendInPeriod {
  source: string;
  campaign: string;
  pence: number;
}

/**
 * The spend of the months the period touches, each month's amount shared by its days: a period of 1 to 15 October counts half of October's spend, so a
 * report of any period compares like with like.
 */
export async function spendInPeriod(from: string, to: string): Promise<SpendInPeriod[]> {
  const db = await getDb();
  const entries = await db
    .selectFrom("marketingSpend")
    .select(["month", "source", "campaign", "amountPence"])
    .where("month", ">=", from.slice(0, 7))
    .where("month", "<=", to.slice(0, 7))
    .execute();
  return entries.map((entry) => {
    const first = `${entry.month}-01`;
    const last = `${entry.month}-${String(daysInCalendarMonth(entry.month)).padStart(2, "0")}`;
    const days = daysBetween(from > first ? from : first, to < last ? to : last) + 1;
    return { source: entry.source, campaign: entry.campaign, pence: Math.round((entry.amountPence * days) / daysInCalendarMonth(entry.month)) };
  });
}
