import { getDb } from "~/services/db.server";

export interface DashboardFigures {
  quoteRequests: number;
  activeUsers: number;
  /** Converted leads as a share of all leads, 0 to 1; null when there are no leads. */
  conversionRate: number | null;
}

export async function dashboardFigures(): Promise<DashboardFigures> {
  const db = await getDb();
  const [leads, users] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when("status", "=", "converted").then(1).else(0).end()).as("converted")])
      .executeTakeFirstOrThrow(),
    db.selectFrom("adminUsers").select((eb) => eb.fn.countAll<number>().as("active")).where("isActive", "=", 1).executeTakeFirstOrThrow(),
  ]);
  const total = Number(leads.total);
  return {
    quoteRequests: total,
    activeUsers: Number(users.active),
    conversionRate: total === 0 ? null : Number(leads.converted ?? 0) / total,
  };
}
