import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { seedSourcedLeads } from "../support/sourced-leads";
import { forSuite } from "../support/suite";
import { pageText, tableRows } from "../support/page-table";

/**
 * The Sources screen `/admin/reports/sources` (issue 41): every signed-in role sees it; its table's figures and conversions match leads, quotes and orders
 * seeded with known outcomes (tests/support/sourced-leads.ts); a bad period or grouping is a 400 page with the field's message.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

beforeAll(() => seedSourcedLeads(server.db));

const OCTOBER = "from=2026-10-01&to=2026-10-31";

describe("the Sources screen", () => {
  it.each(["manager", "admin", "super_admin"] as const)(
    "shows a %s the period's sources, most value won first, with each step's conversion and the totals",
    async (role) => {
      const response = await staff[role].get(`/admin/reports/sources?${OCTOBER}`);
      expect(response.status).toBe(200);
      const html = await pageText(response);
      expect(html).toContain("Leads created 1 Oct 2026 to 31 Oct 2026, by source.");
      expect(tableRows(html)).toEqual([
        ["bing", "40", "3 7.5% of visits", "2 66.7% of leads", "2 100% of sent", "1 50% of accepted", "£40.00", "£62.00", "£20.67", "£31.00"],
        ["google", "60", "4 6.7% of visits", "2 50% of leads", "1 50% of sent", "1 100% of accepted", "£35.00", "£310.00", "£77.50", "£310.00"],
        // No conversion where the step before counted none, and no cost without spend, leads or wins to share it.
        ["Not recorded", "100", "1 1% of visits", "0 0% of leads", "0", "0", "£0.00", "—", "—", "—"],
        ["facebook", "12", "0 0% of visits", "0", "0", "0", "£0.00", "—", "—", "—"],
        ["linkedin", "0", "0", "0", "0", "0", "£0.00", "£93.00", "—", "—"],
        ["Total", "212", "8 3.8% of visits", "4 50% of leads", "3 75% of sent", "2 66.7% of accepted", "£75.00", "£465.00", "£58.13", "£155.00"],
      ]);
    },
  );

  it("groups by source and medium, or campaign, as the form asks", async () => {
    const bySourceMediumHtml = await pageText(await staff.manager.get(`/admin/reports/sources?${OCTOBER}&group=source-medium`));
    const bySourceMedium = tableRows(bySourceMediumHtml);
    expect(bySourceMedium.map((row) => row[0])).toEqual([
      "bing / email",
      "google / cpc",
      "bing / cpc",
      "Not recorded",
      "google / organic",
      "google / Not recorded",
      "facebook / social",
      "Total",
    ]);
    // Spend is entered per source or campaign: only the total carries it, and the page says why.
    expect(bySourceMedium.map((row) => row[7])).toEqual(["—", "—", "—", "—", "—", "—", "—", "£465.00"]);
    expect(bySourceMediumHtml).toContain("only the total shows by source and medium");
    const byCampaign = tableRows(await pageText(await staff.manager.get(`/admin/reports/sources?${OCTOBER}&group=campaign`)));
    expect(byCampaign).toEqual([
      ["summer", "10", "1 10% of visits", "1 100% of leads", "1 100% of sent", "1 100% of accepted", "£40.00", "—", "—", "—"],
      ["spring", "70", "3 4.3% of visits", "2 66.7% of leads", "1 50% of sent", "1 100% of accepted", "£35.00", "£62.00", "£20.67", "£62.00"],
      ["Not recorded", "132", "4 3% of visits", "1 25% of leads", "1 100% of sent", "0 0% of accepted", "£0.00", "—", "—", "—"],
      ["Total", "212", "8 3.8% of visits", "4 50% of leads", "3 75% of sent", "2 66.7% of accepted", "£75.00", "£465.00", "£58.13", "£155.00"],
    ]);
  });

  it("keeps the chosen period and grouping in the form", async () => {
    const html = await pageText(await staff.manager.get(`/admin/reports/sources?${OCTOBER}&group=campaign`));
    expect(html).toMatch(/name="from"[^>]*value="2026-10-01"/);
    expect(html).toMatch(/name="to"[^>]*value="2026-10-31"/);
    expect(html).toMatch(/<option value="campaign" selected="">Campaign<\/option>/);
  });

  it.each([
    ["a day that does not exist", "from=2026-02-30&to=2026-03-01", "Give the first day as YYYY-MM-DD"],
    ["an unknown grouping", "group=medium", "Group by one of: source, source-medium, campaign"],
    ["a period that ends before it starts", "from=2026-10-31&to=2026-10-01", "The first day must be on or before the last"],
    ["a period longer than a year", "from=2025-01-01&to=2026-01-02", "Choose a period of at most 366 days"],
  ])("answers 400 with the field's message at the field and in the error summary for %s", async (_name, query, message) => {
    const response = await staff.manager.get(`/admin/reports/sources?${query}`);
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain('data-testid="error-summary"');
    // Once in the summary, once under the field.
    expect(html.split(message).length - 1).toBe(2);
    expect(tableRows(html)).toEqual([]);
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const response = await publicClient(server).get(`/admin/reports/sources?${OCTOBER}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/api/login");
  });

  it("is in the sidebar after Renewals", async () => {
    const html = await pageText(await staff.manager.get("/admin/reports/sources"));
    expect(html.indexOf('href="/admin/reports/sources"')).toBeGreaterThan(html.indexOf('href="/admin/renewals"'));
  });

  it("charts the period's leads and wins per UK week, Monday first, with a summary for screen readers", async () => {
    const html = await pageText(await staff.manager.get(`/admin/reports/sources?${OCTOBER}`));
    const columns = [...html.matchAll(/<rect[^>]*data-value="(\d+)"/g)].map(([, value]) => Number(value));
    // Weeks of 28 September (1 October is a Thursday), 5, 12, 19 and 26 October: leads, then wins.
    expect(columns).toEqual([1, 4, 0, 2, 1, 0, 1, 0, 2, 0]);
    expect(html).toMatch(/8 leads over 5 weeks from the week of 28 Sep(t)?; the most in the week of 5 Oct, 4\./);
    expect(html).toMatch(/3 wins over 5 weeks from the week of 28 Sep(t)?; the most in the week of 19 Oct, 2\./);
  });

  it("links Export CSV with the same query", async () => {
    const html = await pageText(await staff.manager.get(`/admin/reports/sources?${OCTOBER}&group=campaign`));
    expect(html).toContain('href="/admin/reports/sources/export?from=2026-10-01&amp;to=2026-10-31&amp;group=campaign"');
  });
});

describe("the Sources CSV", () => {
  it("downloads the screen's rows and totals, and records who exported what in the audit log", async () => {
    const response = await staff.admin.get(`/admin/reports/sources/export?${OCTOBER}&group=campaign`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="sources-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    expect(text.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      '"Campaign","Visits","Leads","Leads of visits","Quotes sent","Sent of leads","Quotes accepted","Accepted of sent","Orders live","Live of accepted","Monthly value won","Spend","Cost per lead","Cost per win"',
      '"summer","10","1","10%","1","100%","1","100%","1","100%","40.00","","",""',
      '"spring","70","3","4.3%","2","66.7%","1","50%","1","100%","35.00","62.00","20.67","62.00"',
      '"Not recorded","132","4","3%","1","25%","1","100%","0","0%","0.00","","",""',
      '"Total","212","8","3.8%","4","50%","3","75%","2","66.7%","75.00","465.00","58.13","155.00"',
      "",
    ]);
    const entries = await server.db.selectFrom("auditLog").selectAll().where("action", "=", "reports.sources.exported").execute();
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toBe("Exported 3 sources report rows to CSV (2026-10-01 to 2026-10-31, by campaign)");
  });

  it("writes an empty cell where a step before counted none, and counts as plain integers", async () => {
    const text = await (await staff.manager.get(`/admin/reports/sources/export?${OCTOBER}`)).text();
    expect(text).toContain('"Not recorded","100","1","1%","0","0%","0","","0","","0.00","","",""');
    // A month of many visits: the screen writes 1,234, a spreadsheet reads 1234.
    await server.db.insertInto("comparisonVisits").values({ day: "2026-08-03", source: "google", medium: "cpc", campaign: "", visits: 1234 }).execute();
    const august = "from=2026-08-01&to=2026-08-31";
    expect(await (await staff.manager.get(`/admin/reports/sources/export?${august}`)).text()).toContain('"google","1234","0","0%",');
    expect(tableRows(await pageText(await staff.manager.get(`/admin/reports/sources?${august}`)))[0].slice(0, 2)).toEqual(["google", "1,234"]);
  });

  it("answers 400 with the field's error for a bad query, and sends a visitor who is not signed in to sign in", async () => {
    const response = await staff.manager.get("/admin/reports/sources/export?from=2026-10-31&to=2026-10-01");
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ to: "The first day must be on or before the last" });
    const signedOut = await publicClient(server).get(`/admin/reports/sources/export?${OCTOBER}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/admin/api/login");
  });
});
