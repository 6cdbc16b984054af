import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { QUOTE_TERMS } from "~/features/quotes/quote-terms";
import type { QuoteLine, QuoteStatus } from "~/features/quotes/quotes";
import { plainQuoteLine } from "./quote-documents";
import { addDays, ukDay } from "~/lib/calendar";
import { priceQuote } from "~/features/quotes/quote-prices";

/**
 * Leads and quotes written straight into a test server's database, for the
 * lists and figures that read quotes in states a test cannot reach through
 * the staff routes yet (viewed, accepted, declined come from the customer).
 * A sent quote's totals are stored as sending fixes them: from priceQuote.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The YYYY-MM-DD UK day `days` calendar days from today (negative: before), the same across a clock change. */
export function ukDayFromNow(days: number, now = new Date()): string {
  return addDays(ukDay(now), days);
}

/** An instant `days` before now, as stored. */
export function daysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

let seededLeads = 0;

/** A lead as the quote request form makes it; `assignedTo` a staff member's id. */
export async function seedQuoteLead(
  db: Kysely<Database>,
  fields: { businessName: string; assignedTo?: string | null; email?: string; firstName?: string; lastName?: string; phoneNumber?: string },
): Promise<{ id: number; reference: string }> {
  seededLeads += 1;
  const stamp = new Date().toISOString();
  const number = String(700_000 + seededLeads).padStart(6, "0");
  const lead = await db
    .insertInto("leads")
    .values({
      reference: `CLB-2026-${number}`,
      status: "contacted",
      teamSize: "3 - 4",
      contractExpiry: "Not sure",
      businessType: "LTD company",
      businessName: fields.businessName,
      postcode: null,
      firstName: fields.firstName ?? "Sam",
      lastName: fields.lastName ?? `Quoted${seededLeads}`,
      email: fields.email ?? `quoted${seededLeads}@example.co.uk`,
      phoneNumber: fields.phoneNumber ?? `07700 7${number.slice(1)}`,
      sourcePage: "/",
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning(["id", "reference"])
    .executeTakeFirstOrThrow();
  // An owner is given by an update only (the column is left out of inserts: a new lead has none).
  if (fields.assignedTo) await db.updateTable("leads").set({ assignedTo: fields.assignedTo }).where("id", "=", lead.id).execute();
  return lead;
}

export interface SeededQuote {
  leadId: number;
  version?: number;
  status: QuoteStatus;
  /** One £10.00 a month line for 12 months unless said. */
  lines?: QuoteLine[];
  createdAt?: string;
  sentAt?: string | null;
  validUntil?: string;
  viewCount?: number;
  firstViewedAt?: string | null;
  acceptedAt?: string | null;
  acceptedName?: string | null;
  acceptedRole?: string | null;
  declinedAt?: string | null;
  declineReason?: string | null;
  withdrawnAt?: string | null;
}

/** A quote row; its id. A draft's totals are left to be priced on read, any other's stored. */
export async function seedQuote(db: Kysely<Database>, quote: SeededQuote): Promise<number> {
  const lines = quote.lines ?? [plainQuoteLine()];
  const createdAt = quote.createdAt ?? new Date().toISOString();
  const start = ukDay(new Date(createdAt));
  const sentAt = quote.status === "draft" ? null : quote.sentAt === undefined ? createdAt : quote.sentAt;
  const version =
    quote.version ??
    Number(
      (
        await db
          .selectFrom("quotes")
          .select((eb) => eb.fn.max("version").as("latest"))
          .where("leadId", "=", quote.leadId)
          .executeTakeFirst()
      )?.latest ?? 0,
    ) + 1;
  const row = await db
    .insertInto("quotes")
    .values({
      leadId: quote.leadId,
      version,
      supersedesQuoteId: null,
      status: quote.status,
      token: randomBytes(16).toString("base64url"),
      lines: JSON.stringify(lines),
      totals: quote.status === "draft" ? null : JSON.stringify(priceQuote(lines, start)),
      start,
      customerNote: null,
      internalMemo: null,
      validUntil: quote.validUntil ?? ukDayFromNow(14),
      termsVersion: QUOTE_TERMS.version,
      termsText: QUOTE_TERMS.text,
      createdBy: null,
      createdAt,
      updatedAt: createdAt,
      sentAt,
      firstViewedAt: quote.firstViewedAt ?? null,
      lastViewedAt: quote.firstViewedAt ?? null,
      viewCount: quote.viewCount ?? 0,
      acceptedAt: quote.acceptedAt ?? null,
      acceptedName: quote.acceptedName ?? null,
      acceptedRole: quote.acceptedRole ?? null,
      declinedAt: quote.declinedAt ?? null,
      declineReason: quote.declineReason ?? null,
      withdrawnAt: quote.withdrawnAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
