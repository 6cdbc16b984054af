import { beforeAll, describe, expect, it } from "vitest";
import type { QuoteStatus } from "~/features/quotes/quotes";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * `GET /admin/api/reports/sources` (issue 41): leads of a period of UK days grouped by where they came from, with the leads sent a quote and the leads that
 * accepted one, the leads whose order is live and the monthly value won, checked against leads, quotes and orders seeded with known outcomes; the roles; bad input.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

interface SeededLead {
  createdAt: string;
  source?: string;
  medium?: string;
  campaign?: string;
  quotes?: Array<{ status: QuoteStatus; sentAt?: string | null; acceptedAt?: string | null; declinedAt?: string | null }>;
  /** An order of the lead's last quote: its status, and one contract per monthly price ex VAT in pence. */
  order?: { status: "live" | "details_received"; contracts: number[] };
}

// October 2026: British Summer Time until the 25th, then GMT. Each lead's outcome is known.
const LEADS: SeededLead[] = [
  // Sent, revised and accepted: one lead quoted, one accepted, however many versions.
  {
    createdAt: "2026-10-05T09:00:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "spring",
    quotes: [
      { status: "superseded", sentAt: "2026-10-06T09:00:00.000Z" },
      { status: "accepted", sentAt: "2026-10-07T09:00:00.000Z", acceptedAt: "2026-11-20T09:00:00.000Z" },
    ],
    // Live with two lines: £15 + £20 a month won.
    order: { status: "live", contracts: [1500, 2000] },
  },
  {
    createdAt: "2026-10-06T09:00:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "spring",
    quotes: [{ status: "declined", declinedAt: "2026-10-08T09:00:00.000Z" }],
  },
  // A draft was never sent.
  { createdAt: "2026-10-07T09:00:00.000Z", source: "google", medium: "organic", quotes: [{ status: "draft" }] },
  // 23:30 GMT on the period's last day: inside.
  { createdAt: "2026-10-31T23:30:00.000Z", source: "bing", medium: "cpc", campaign: "spring" },
  // Accepted and live: £40 a month, more than google's two lines, so bing comes first.
  {
    createdAt: "2026-10-20T09:00:00.000Z",
    source: "bing",
    medium: "email",
    campaign: "summer",
    quotes: [{ status: "accepted", acceptedAt: "2026-10-21T09:00:00.000Z" }],
    order: { status: "live", contracts: [4000] },
  },
  // Accepted, but its order is not live yet: neither a live order nor value won.
  {
    createdAt: "2026-10-21T09:00:00.000Z",
    source: "bing",
    medium: "cpc",
    quotes: [{ status: "accepted", acceptedAt: "2026-10-22T09:00:00.000Z" }],
    order: { status: "details_received", contracts: [] },
  },
  { createdAt: "2026-10-10T09:00:00.000Z" },
  // 00:30 BST on 1 October: inside, though the UTC day is 30 September.
  { createdAt: "2026-09-30T23:30:00.000Z", source: "google" },
  // 23:30 BST on 30 September, and 00:30 GMT on 1 November: outside.
  {
    createdAt: "2026-09-30T22:30:00.000Z",
    source: "google",
    quotes: [{ status: "accepted", acceptedAt: "2026-10-02T09:00:00.000Z" }],
    order: { status: "live", contracts: [9900] },
  },
  { createdAt: "2026-11-01T00:30:00.000Z", source: "bing" },
];

beforeAll(async () => {
  for (const [index, lead] of LEADS.entries()) {
    const { id } = await seedQuoteLead(server.db, { businessName: `Sourced ${index}` });
    await server.db
      .updateTable("leads")
      .set({ createdAt: lead.createdAt, source: lead.source ?? null, medium: lead.medium ?? null, campaign: lead.campaign ?? null })
      .where("id", "=", id)
      .execute();
    let quoteId = 0;
    for (const quote of lead.quotes ?? []) quoteId = await seedQuote(server.db, { leadId: id, createdAt: lead.createdAt, ...quote });
    if (lead.order) await seedOrderOf(id, quoteId, lead.order);
  }
});

/** An order of the quote with one line and, as going live makes them, one contract per price. */
async function seedOrderOf(leadId: number, quoteId: number, order: NonNullable<SeededLead["order"]>): Promise<void> {
  const stamp = new Date().toISOString();
  const { id: orderId } = await server.db
    .insertInto("orders")
    .values({
      quoteId,
      leadId,
      reference: `ORD-S${String(leadId).padStart(5, "0").slice(-5)}`,
      status: order.status,
      createdAt: stamp,
      updatedAt: stamp,
      liveAt: order.status === "live" ? stamp : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [index, pence] of order.contracts.entries()) {
    const { id: orderLineId } = await server.db
      .insertInto("orderLines")
      .values({ orderId, position: index + 1, tariffName: "Business 30GB", termMonths: 24, monthlyExVatPence: pence, status: "live" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("contracts")
      .values({ orderId, orderLineId, tariffName: "Business 30GB", termMonths: 24, monthlyExVatPence: pence, startDate: "2026-11-01", endDate: "2028-10-31" })
      .execute();
  }
}

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
