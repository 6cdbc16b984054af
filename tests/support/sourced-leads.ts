import type { Kysely } from "kysely";
import type { QuoteStatus } from "~/features/quotes/quotes";
import type { Database } from "~/platform/database-types";
import { seedOrder } from "./seeded-orders";
import { seedQuote, seedQuoteLead } from "./seeded-quotes";

/**
 * Leads of October 2026 with known sources, quotes and orders, for the Sources report (issue 41): its JSON and its screen are checked against the same
 * outcomes.
 */

export interface SeededLead {
  createdAt: string;
  source?: string;
  medium?: string;
  campaign?: string;
  quotes?: Array<{ status: QuoteStatus; sentAt?: string | null; acceptedAt?: string | null; declinedAt?: string | null }>;
  /** An order of the lead's last quote: its status, and one contract per monthly price ex VAT in pence. */
  order?: { status: "live" | "details_received"; contracts: number[] };
}

// October 2026: British Summer Time until the 25th, then GMT. Each lead's outcome is known.
export const SOURCED_LEADS: SeededLead[] = [
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

/** Visits that reached the comparison, per UK day and origin ("" for none), as the server counts them (tests/server/comparison-visits.test.ts counts real ones). */
export const SOURCED_VISITS = [
  { day: "2026-10-01", source: "google", medium: "cpc", campaign: "spring", visits: 40 },
  { day: "2026-10-15", source: "google", medium: "organic", campaign: "", visits: 20 },
  { day: "2026-10-31", source: "bing", medium: "cpc", campaign: "spring", visits: 30 },
  { day: "2026-10-20", source: "bing", medium: "email", campaign: "summer", visits: 10 },
  { day: "2026-10-10", source: "", medium: "", campaign: "", visits: 100 },
  // Visits that brought no lead.
  { day: "2026-10-12", source: "facebook", medium: "social", campaign: "", visits: 12 },
  // Outside October.
  { day: "2026-09-30", source: "google", medium: "cpc", campaign: "spring", visits: 50 },
  { day: "2026-11-01", source: "bing", medium: "cpc", campaign: "", visits: 5 },
];

/** A month's spend per source or campaign ("" for the whole source), in pence. */
export const SOURCED_SPEND = [
  { month: "2026-10", source: "google", campaign: "", amountPence: 31_000 },
  { month: "2026-10", source: "bing", campaign: "spring", amountPence: 6_200 },
  // Spend that brought nothing.
  { month: "2026-10", source: "linkedin", campaign: "", amountPence: 9_300 },
  // Outside October.
  { month: "2026-09", source: "bing", campaign: "", amountPence: 30_000 },
  { month: "2026-11", source: "google", campaign: "", amountPence: 50_000 },
];

/** Seeds SOURCED_LEADS, SOURCED_VISITS and SOURCED_SPEND into a test server's database. */
export async function seedSourcedLeads(db: Kysely<Database>): Promise<void> {
  await db.insertInto("comparisonVisits").values(SOURCED_VISITS).execute();
  const stamp = new Date().toISOString();
  await db
    .insertInto("marketingSpend")
    .values(SOURCED_SPEND.map((spend) => ({ ...spend, createdAt: stamp, updatedAt: stamp })))
    .execute();
  for (const [index, lead] of SOURCED_LEADS.entries()) {
    const { id } = await seedQuoteLead(db, { businessName: `Sourced ${index}` });
    await db
      .updateTable("leads")
      .set({ createdAt: lead.createdAt, source: lead.source ?? null, medium: lead.medium ?? null, campaign: lead.campaign ?? null })
      .where("id", "=", id)
      .execute();
    let quoteId = 0;
    for (const quote of lead.quotes ?? []) quoteId = await seedQuote(db, { leadId: id, createdAt: lead.createdAt, ...quote });
    // An order of the last quote with, once live (1 November 2026), one line and contract per price.
    if (lead.order)
      await seedOrder(db, {
        leadId: id,
        quoteId,
        status: lead.order.status,
        liveOn: lead.order.status === "live" ? "2026-11-01" : null,
        lines: lead.order.contracts.map((pence) => ({ tariffName: "Business 30GB", monthlyExVatPence: pence })),
      });
  }
}
