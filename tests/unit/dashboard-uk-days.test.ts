import { describe, expect, it } from "vitest";
import { useTempDataDir } from "../support/temp-data-dir";

/**
 * The dashboard counts UK days, as its "today" is London's: a lead sent at 00:30 on a summer
 * morning in London (23:30 UTC the evening before) counts on that morning's day, the period
 * begins at London's midnight, and the wizard's funnel is kept per UK day. On a real SQLite file.
 */

useTempDataDir("dashboard-uk-days");

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/platform/db.server");
const { leadFigures, countWizardStepReached, FIGURE_DAYS } = await import("~/features/leads/lead-figures.server");
const { seedTestLeads } = await import("../support/database");

describe("the dashboard's days", () => {
  it("counts each lead on its UK day and starts the period at London's midnight", async () => {
    const db = await getDb();
    await seedTestLeads(db, 3);
    const leads = await db.selectFrom("leads").select("id").orderBy("id").execute();
    const createdAt = [
      // 00:30 BST on 1 July 2026: the UK's 1 July, UTC's 30 June.
      "2026-06-30T23:30:00.000Z",
      // 00:30 BST on 2 June 2026, the period's first UK day: inside it, though UTC calls it 1 June.
      "2026-06-01T23:30:00.000Z",
      // 23:30 BST on 1 June: the day before the period, though UTC calls it 1 June too.
      "2026-06-01T22:30:00.000Z",
    ];
    for (const [index, { id }] of leads.entries()) await db.updateTable("leads").set({ createdAt: createdAt[index] }).where("id", "=", id).execute();

    // Noon on 1 July 2026 in London: the thirty days are 2 June to 1 July.
    const figures = await leadFigures(new Date("2026-07-01T11:00:00.000Z"));
    const perDay = new Map(figures.leadsPerDay.map(({ label, value }) => [label, value]));
    expect(figures.leadsPerDay).toHaveLength(FIGURE_DAYS);
    expect(figures.leadsPerDay[0]!.label).toBe("2026-06-02");
    expect(figures.leadsPerDay.at(-1)!.label).toBe("2026-07-01");
    expect(perDay.get("2026-07-01")).toBe(1);
    expect(perDay.get("2026-06-02")).toBe(1);
    expect(figures.leadsPerDay.reduce((total, { value }) => total + value, 0)).toBe(2);
    expect(figures.byStatus.reduce((total, { value }) => total + value, 0)).toBe(2);
  });

  it("keeps the wizard's funnel on the UK's day", async () => {
    const db = await getDb();
    await countWizardStepReached(1, new Date("2026-06-30T23:30:00.000Z"));
    const rows = await db.selectFrom("wizardFunnel").select(["day", "step", "count"]).execute();
    expect(rows).toEqual([{ day: "2026-07-01", step: 1, count: 1 }]);
  });
});
