import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { seedSourcedLeads } from "../support/sourced-leads";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * `GET /admin/api/reports/sources` (issue 41): leads of a period of UK days grouped by where they came from, with the leads sent a quote and the leads that
 * accepted one, the leads whose order is live and the monthly value won, the visits to the comparison, the spend and the cost per lead and per win, checked against leads,
 * quotes, orders, visits and spend seeded with known outcomes; the roles; bad input.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

beforeAll(() => seedSourcedLeads(server.db));

const OCTOBER = "from=2026-10-01&to=2026-10-31";

/** A row's leads, quotes sent, quotes accepted, orders live and monthly value won (pence). */
function counts(leads: number, quotesSent: number, quotesAccepted: number, ordersLive: number, monthlyValueWonExVatPence: number) {
  return { leads, quotesSent, quotesAccepted, ordersLive, monthlyValueWonExVatPence };
}

/** A row's spend, cost per lead and cost per win (pence; null for none). */
function costs(spendPence: number | null, costPerLeadPence: number | null, costPerWinPence: number | null) {
  return { spendPence, costPerLeadPence, costPerWinPence };
}

describe("GET /admin/api/reports/sources", () => {
  it("counts the period's visits and leads by source, with the leads sent a quote, accepted and live, the spend and its cost per lead and per win", async () => {
    const response = await staff.manager.get(`/admin/api/reports/sources?${OCTOBER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      group: "source",
      rows: [
        // bing/spring's £62 over 3 leads (£20.666...) and 2 wins.
        { source: "bing", visits: 40, ...counts(3, 2, 2, 1, 4000), ...costs(6200, 2067, 3100) },
        { source: "google", visits: 60, ...counts(4, 2, 1, 1, 3500), ...costs(31_000, 7750, 31_000) },
        { source: null, visits: 100, ...counts(1, 0, 0, 0, 0), ...costs(null, null, null) },
        // Visits and spend that brought no lead are rows of their own.
        { source: "facebook", visits: 12, ...counts(0, 0, 0, 0, 0), ...costs(null, null, null) },
        { source: "linkedin", visits: 0, ...counts(0, 0, 0, 0, 0), ...costs(9300, null, null) },
      ],
      // £465 over 8 leads is £58.125: the nearest penny up.
      totals: { visits: 212, ...counts(8, 4, 3, 2, 7500), ...costs(46_500, 5813, 15_500) },
    });
  });

  it("groups by source and medium together, or by campaign", async () => {
    const bySourceMedium = await (await staff.admin.get(`/admin/api/reports/sources?${OCTOBER}&group=source-medium`)).json();
    // Spend is entered per source or campaign: by source and medium, only the total carries it.
    expect(bySourceMedium.rows).toEqual([
      { source: "bing", medium: "email", visits: 10, ...counts(1, 1, 1, 1, 4000), ...costs(null, null, null) },
      { source: "google", medium: "cpc", visits: 40, ...counts(2, 2, 1, 1, 3500), ...costs(null, null, null) },
      { source: "bing", medium: "cpc", visits: 30, ...counts(2, 1, 1, 0, 0), ...costs(null, null, null) },
      { source: null, medium: null, visits: 100, ...counts(1, 0, 0, 0, 0), ...costs(null, null, null) },
      { source: "google", medium: "organic", visits: 20, ...counts(1, 0, 0, 0, 0), ...costs(null, null, null) },
      { source: "google", medium: null, visits: 0, ...counts(1, 0, 0, 0, 0), ...costs(null, null, null) },
      { source: "facebook", medium: "social", visits: 12, ...counts(0, 0, 0, 0, 0), ...costs(null, null, null) },
    ]);
    expect(bySourceMedium.totals).toEqual({ visits: 212, ...counts(8, 4, 3, 2, 7500), ...costs(46_500, 5813, 15_500) });
    const byCampaign = await (await staff.super_admin.get(`/admin/api/reports/sources?${OCTOBER}&group=campaign`)).json();
    expect(byCampaign.rows).toEqual([
      { campaign: "summer", visits: 10, ...counts(1, 1, 1, 1, 4000), ...costs(null, null, null) },
      { campaign: "spring", visits: 70, ...counts(3, 2, 1, 1, 3500), ...costs(6200, 2067, 6200) },
      { campaign: null, visits: 132, ...counts(4, 1, 1, 0, 0), ...costs(null, null, null) },
    ]);
    expect(byCampaign.totals).toEqual({ visits: 212, ...counts(8, 4, 3, 2, 7500), ...costs(46_500, 5813, 15_500) });
  });

  it("counts a month's spend for the days of it inside the period", async () => {
    const firstHalf = await (await staff.manager.get("/admin/api/reports/sources?from=2026-10-01&to=2026-10-15")).json();
    // 15 of October's 31 days: £310 is £150, £62 is £30, £93 is £45.
    expect(firstHalf.rows.find((row: { source: string | null }) => row.source === "google").spendPence).toBe(15_000);
    expect(firstHalf.rows.find((row: { source: string | null }) => row.source === "bing").spendPence).toBe(3000);
    expect(firstHalf.totals.spendPence).toBe(22_500);
    // Across September's last day and October's first: a thirtieth of September's £300, a 31st of October's £310, £62 and £93.
    const twoDays = await (await staff.manager.get("/admin/api/reports/sources?from=2026-09-30&to=2026-10-01")).json();
    expect(twoDays.totals.spendPence).toBe(1000 + 1000 + 200 + 300);
  });

  it("covers the last 30 UK days by source when nothing is asked, counting a lead made just now by the attribution it sent", async () => {
    await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email: "report@attribution.example", source: "Newsletter", medium: "email" });
    const report = await (await staff.manager.get("/admin/api/reports/sources")).json();
    expect(report.group).toBe("source");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(report.to).toBe(today);
    expect(Date.parse(report.to) - Date.parse(report.from)).toBe(29 * 24 * 3_600_000);
    expect(report.rows).toContainEqual({ source: "newsletter", visits: 0, ...counts(1, 0, 0, 0, 0), ...costs(null, null, null) });
  });

  it.each([
    ["a day that does not exist", "from=2026-02-30&to=2026-03-01", "from"],
    ["a day not written YYYY-MM-DD", "from=01/10/2026", "from"],
    ["an unknown grouping", "group=medium", "group"],
    ["a period that ends before it starts", "from=2026-10-31&to=2026-10-01", "to"],
    ["a period longer than a year", "from=2025-01-01&to=2026-01-02", "from"],
  ])("answers 400 with the field's error for %s", async (_name, query, field) => {
    const response = await staff.manager.get(`/admin/api/reports/sources?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
  });

  it("takes a whole leap year", async () => {
    expect((await staff.manager.get("/admin/api/reports/sources?from=2028-01-01&to=2028-12-31")).status).toBe(200);
  });

  it("answers 401 to a visitor who is not signed in, and 405 to other methods", async () => {
    expect((await publicClient(server).get(`/admin/api/reports/sources?${OCTOBER}`)).status).toBe(401);
    expect((await staff.admin.postJson("/admin/api/reports/sources", {})).status).toBe(405);
  });
});
