import { describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { SPEND_MESSAGES } from "~/features/reports";
import { pageText, tableRows } from "../support/page-table";

/**
 * The Spend screen `/admin/reports/sources/spend` (issue 41): admins enter a month's spend per source or campaign, change it, and delete it after a question, each change audited; a
 * manager sees it but cannot change it; bad input is said at its field and changes nothing; the Sources report shares the spend over leads and wins.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

const SPEND = "/admin/reports/sources/spend";

/** The spend table's rows as staff read them: month, source, campaign and amount. */
const spendRows = (html: string) => tableRows(html).map((row) => row.slice(0, 4));

const spendAudit = () =>
  server.db.selectFrom("auditLog").select(["action", "summary", "actorName"]).where("entityType", "=", "marketingSpend").orderBy("id").execute();

describe("the Spend screen", () => {
  it("lets an admin enter a month's spend on a source, written as the leads record it, and audits it", async () => {
    const response = await staff.admin.postForm(SPEND, { month: "2026-12", source: " Google ", campaign: "", amount: "1,250.50" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(SPEND);
    expect(spendRows(await pageText(await staff.admin.get(SPEND)))).toEqual([["Dec 2026", "google", "Whole source", "£1,250.50"]]);
    expect((await spendAudit()).at(-1)).toMatchObject({ action: "reports.spend.saved", summary: "Entered £1,250.50 spent on google in Dec 2026" });
  });

  it("replaces the amount when the same month, source and campaign is entered again, saying what it was", async () => {
    await staff.admin.postForm(SPEND, { month: "2026-11", source: "bing", campaign: "Winter Sale", amount: "100" });
    await staff.super_admin.postForm(SPEND, { month: "2026-11", source: "bing", campaign: "winter sale", amount: "80.25" });
    const rows = await server.db.selectFrom("marketingSpend").select(["campaign", "amountPence"]).where("source", "=", "bing").execute();
    expect(rows).toEqual([{ campaign: "winter sale", amountPence: 8025 }]);
    expect((await spendAudit()).at(-1)).toMatchObject({ summary: "Changed the spend on bing / winter sale in Nov 2026 from £100.00 to £80.25" });
    expect(spendRows(await pageText(await staff.manager.get(SPEND)))).toContainEqual(["Nov 2026", "bing", "winter sale", "£80.25"]);
  });

  it("refuses bad input with each field's message, at the field and in the error summary, and saves nothing", async () => {
    const before = await server.db.selectFrom("marketingSpend").selectAll().execute();
    const response = await staff.admin.postForm(SPEND, { month: "2026-13", source: "=cmd()", campaign: "<b>", amount: "12.345" });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain('data-testid="error-summary"');
    for (const message of [
      "Give the month as YYYY-MM, for example 2026-10",
      "Give the source as the leads record it, for example google: letters, digits and . _ - only",
      "Give the campaign as the leads record it, for example spring-sale, or leave it empty for the whole source",
      "Give the amount in pounds, for example 1250 or 1250.50, at most £1,000,000.00",
    ]) {
      expect(html.split(message).length - 1).toBe(2);
    }
    expect(await server.db.selectFrom("marketingSpend").selectAll().execute()).toEqual(before);
  });

  it("asks before an admin deletes an entry, audited; deleting it again says it is gone", async () => {
    await staff.admin.postForm(SPEND, { month: "2026-08", source: "partner", campaign: "", amount: "50" });
    const { id } = await server.db.selectFrom("marketingSpend").select("id").where("source", "=", "partner").executeTakeFirstOrThrow();
    const list = await pageText(await staff.admin.get(SPEND));
    expect(list).toContain(`href="${SPEND}/${id}/delete"`);
    const dialog = await pageText(await staff.admin.get(`${SPEND}/${id}/delete`));
    expect(dialog).toContain("Are you sure you want to delete this spend? The Sources report will no longer count it.");
    expect(dialog).toContain("partner · Aug 2026 · £50.00");

    const deleted = await staff.admin.post(`${SPEND}/${id}/delete`);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(SPEND);
    expect(await server.db.selectFrom("marketingSpend").select("id").where("id", "=", id).execute()).toEqual([]);
    expect((await spendAudit()).at(-1)).toMatchObject({ action: "reports.spend.deleted", summary: "Deleted the £50.00 spent on partner in Aug 2026" });

    expect((await staff.admin.get(`${SPEND}/${id}/delete`)).status).toBe(404);
    const again = await staff.admin.post(`${SPEND}/${id}/delete`);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("That spend entry has already been deleted");
  });

  it("shows a manager the spend without the form or delete buttons, and refuses a manager's change", async () => {
    const html = await pageText(await staff.manager.get(SPEND));
    expect(html).toContain("Admins enter and change the spend.");
    expect(html).not.toContain('name="amount"');
    expect(html).not.toMatch(/href="[^"]*\/delete"/);
    const before = await server.db.selectFrom("marketingSpend").selectAll().execute();
    const refused = await staff.manager.postForm(SPEND, { month: "2026-10", source: "google", campaign: "", amount: "1" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/dashboard");
    const { id } = await server.db.selectFrom("marketingSpend").select("id").executeTakeFirstOrThrow();
    const refusedDelete = await staff.manager.post(`${SPEND}/${id}/delete`);
    expect(refusedDelete.headers.get("location")).toBe("/admin/dashboard");
    expect(await server.db.selectFrom("marketingSpend").selectAll().execute()).toEqual(before);
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const response = await publicClient(server).get(SPEND);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/api/login");
  });

  it("is what the Sources report shares over the month's leads", async () => {
    await staff.admin.postForm(SPEND, { month: "2026-07", source: "google", campaign: "", amount: "310" });
    const report = await (await staff.manager.get("/admin/api/reports/sources?from=2026-07-01&to=2026-07-31")).json();
    expect(report.rows).toEqual([expect.objectContaining({ source: "google", leads: 0, spendPence: 31_000, costPerLeadPence: null })]);
    expect(report.totals.spendPence).toBe(31_000);
    const sourcesPage = await pageText(await staff.manager.get("/admin/reports/sources"));
    expect(sourcesPage).toContain(`href="${SPEND}"`);
  });
});

describe("the spend as JSON", () => {
  const API = "/admin/api/reports/spend";

  it("sets a month's spend with the Spend screen's rules, lists it for every role, and deletes it", async () => {
    const saved = await staff.super_admin.postJson(API, { month: "2026-06", source: "LinkedIn", campaign: "Decision Makers", amount: 420.5 });
    expect(saved.status).toBe(200);
    const entry = await saved.json();
    expect(entry).toEqual({ id: expect.any(Number), month: "2026-06", source: "linkedin", campaign: "decision makers", amountPence: 42_050 });
    const listed = await (await staff.manager.get(API)).json();
    expect(listed).toContainEqual(expect.objectContaining({ id: entry.id, amountPence: 42_050, updatedByName: expect.any(String) }));
    expect((await spendAudit()).at(-1)).toMatchObject({ summary: "Entered £420.50 spent on linkedin / decision makers in Jun 2026" });

    expect((await staff.admin.delete(`${API}/${entry.id}`)).status).toBe(204);
    expect((await staff.admin.delete(`${API}/${entry.id}`)).status).toBe(404);
    expect((await (await staff.manager.get(API)).json()).map((row: { id: number }) => row.id)).not.toContain(entry.id);
  });

  it("answers bad input with 400 and each field's error, and saves nothing", async () => {
    const before = await server.db.selectFrom("marketingSpend").selectAll().execute();
    const response = await staff.admin.postJson(API, { month: "June", source: "", amount: "0.1.2" });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ month: SPEND_MESSAGES.month, source: SPEND_MESSAGES.source, amount: SPEND_MESSAGES.amount });
    expect(await server.db.selectFrom("marketingSpend").selectAll().execute()).toEqual(before);
  });

  it("refuses a manager's change (403) and a visitor who is not signed in (401)", async () => {
    expect((await staff.manager.postJson(API, { month: "2026-06", source: "google", amount: "1" })).status).toBe(403);
    const { id } = await server.db.selectFrom("marketingSpend").select("id").executeTakeFirstOrThrow();
    expect((await staff.manager.delete(`${API}/${id}`)).status).toBe(403);
    expect((await publicClient(server).get(API)).status).toBe(401);
  });
});
