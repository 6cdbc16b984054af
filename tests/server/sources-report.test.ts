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
 * accepted one, the leads whose order is live and the monthly value won, checked against leads, quotes and orders seeded with known outcomes; the roles; bad input.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

beforeAll(() => seedSourcedLeads(server.db));

const OCTOBER = "from=2026-10-01&to=2026-10-31";

describe("GET /admin/api/reports/sources", () => {
  it("counts the period's leads by source, with the leads sent a quote, those that accepted one and those whose order is live, most value won first", async () => {
    const response = await staff.manager.get(`/admin/api/reports/sources?${OCTOBER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      group: "source",
      rows: [
        { source: "bing", leads: 3, quotesSent: 2, quotesAccepted: 2, ordersLive: 1, monthlyValueWonExVatPence: 4000 },
        { source: "google", leads: 4, quotesSent: 2, quotesAccepted: 1, ordersLive: 1, monthlyValueWonExVatPence: 3500 },
        { source: null, leads: 1, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 },
      ],
      totals: { leads: 8, quotesSent: 4, quotesAccepted: 3, ordersLive: 2, monthlyValueWonExVatPence: 7500 },
    });
  });

  it("groups by source and medium together, or by campaign", async () => {
    const bySourceMedium = await (await staff.admin.get(`/admin/api/reports/sources?${OCTOBER}&group=source-medium`)).json();
    expect(bySourceMedium.rows).toEqual([
      { source: "bing", medium: "email", leads: 1, quotesSent: 1, quotesAccepted: 1, ordersLive: 1, monthlyValueWonExVatPence: 4000 },
      { source: "google", medium: "cpc", leads: 2, quotesSent: 2, quotesAccepted: 1, ordersLive: 1, monthlyValueWonExVatPence: 3500 },
      { source: "bing", medium: "cpc", leads: 2, quotesSent: 1, quotesAccepted: 1, ordersLive: 0, monthlyValueWonExVatPence: 0 },
      { source: null, medium: null, leads: 1, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 },
      { source: "google", medium: null, leads: 1, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 },
      { source: "google", medium: "organic", leads: 1, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 },
    ]);
    const byCampaign = await (await staff.super_admin.get(`/admin/api/reports/sources?${OCTOBER}&group=campaign`)).json();
    expect(byCampaign.rows).toEqual([
      { campaign: "summer", leads: 1, quotesSent: 1, quotesAccepted: 1, ordersLive: 1, monthlyValueWonExVatPence: 4000 },
      { campaign: "spring", leads: 3, quotesSent: 2, quotesAccepted: 1, ordersLive: 1, monthlyValueWonExVatPence: 3500 },
      { campaign: null, leads: 4, quotesSent: 1, quotesAccepted: 1, ordersLive: 0, monthlyValueWonExVatPence: 0 },
    ]);
    expect(byCampaign.totals).toEqual({ leads: 8, quotesSent: 4, quotesAccepted: 3, ordersLive: 2, monthlyValueWonExVatPence: 7500 });
  });

  it("covers the last 30 UK days by source when nothing is asked, counting a lead made just now by the attribution it sent", async () => {
    await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email: "report@attribution.example", source: "Newsletter", medium: "email" });
    const report = await (await staff.manager.get("/admin/api/reports/sources")).json();
    expect(report.group).toBe("source");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(report.to).toBe(today);
    expect(Date.parse(report.to) - Date.parse(report.from)).toBe(29 * 24 * 3_600_000);
    expect(report.rows).toContainEqual({ source: "newsletter", leads: 1, quotesSent: 0, quotesAccepted: 0, ordersLive: 0, monthlyValueWonExVatPence: 0 });
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
