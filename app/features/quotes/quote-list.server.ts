import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { fullName } from "~/features/staff";
import type { Database } from "~/platform/database-types";
import { QUOTE_OPEN_STATUSES, quoteReference, quoteStatusOn, type Quote, type QuoteStatus } from "./quotes";
import { expiringThisWeekUntil, QUOTE_OWNER_UNASSIGNED, QUOTES_PAGE_SIZE, type LatestQuote, type ListedQuote } from "./quotes-screen";
import type { QuoteListFilters } from "./quote-list-schema";
import { getDb } from "~/platform/db.server";
import { pageNewestFirst, textSearch } from "~/platform/listing.server";
import { toQuote } from "./quotes.server";
import { ukDay } from "~/lib/calendar";
import type { QuoteRow } from "./quote-tables";

/** The Quotes screen and its export, and each lead's latest quote for the leads list: statuses as of today, figures from each quote's own totals. */

export type QuoteFilter = Pick<QuoteListFilters, "q" | "status" | "owner" | "expiring">;

/** Quotes whose status as of `today` is `status`: an open quote past its validity counts as expired, not as open. */
function statusOn(eb: ExpressionBuilder<Database, "quotes">, status: QuoteStatus, today: string) {
  if (status === "expired") return eb.or([eb("status", "=", "expired"), eb.and([eb("status", "in", QUOTE_OPEN_STATUSES), eb("validUntil", "<", today)])]);
  if (status === "sent" || status === "viewed") return eb.and([eb("status", "=", status), eb("validUntil", ">=", today)]);
  return eb("status", "=", status);
}

/** The quotes the filter matches, as of `today` (the UK's day). The lead's owner and search are read from the lead. */
export function filteredQuotes<O>(query: SelectQueryBuilder<Database, "quotes", O>, filter: QuoteFilter, today: string) {
  let filtered = query;
  if (filter.status) {
    const status = filter.status;
    filtered = filtered.where((eb) => statusOn(eb, status, today));
  }
  if (filter.expiring) {
    filtered = filtered.where("status", "in", QUOTE_OPEN_STATUSES).where("validUntil", ">=", today).where("validUntil", "<=", expiringThisWeekUntil(today));
  }
  const owner = filter.owner;
  if (owner) {
    filtered = filtered.where("leadId", "in", (eb) =>
      eb
        .selectFrom("leads")
        .select("leads.id")
        .where((leads) => (owner === QUOTE_OWNER_UNASSIGNED ? leads("leads.assignedTo", "is", null) : leads("leads.assignedTo", "=", owner))),
    );
  }
  const q = filter.q.trim();
  if (q) {
    filtered = filtered.where("leadId", "in", (eb) =>
      eb
        .selectFrom("leads")
        .select("leads.id")
        .where(textSearch(q, { text: ["reference", "businessName", "companyName"] })),
    );
  }
  return filtered;
}

/** Every staff member by id: name (a short list, read once rather than joined per row). */
export async function staffNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const users = await db.selectFrom("adminUsers").select(["id", "firstName", "lastName"]).execute();
  return new Map(users.map((user) => [user.id, fullName(user)]));
}

/** A quote's business as its customer's document names it. */
export const quoteBusinessName = (lead: { companyName: string | null; businessName: string }) => lead.companyName || lead.businessName;

export interface QuotePage {
  quotes: ListedQuote[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of quotes, newest first, as filtered. */
export async function listQuotes(filters: QuoteListFilters, now = new Date()): Promise<QuotePage> {
  const db = await getDb();
  const today = ukDay(now);
  const { rows, ...page } = await pageNewestFirst(
    filteredQuotes(db.selectFrom("quotes"), filters, today),
    (query) => query.selectAll(),
    filters.page,
    QUOTES_PAGE_SIZE,
  );
  const leadIds = [...new Set(rows.map((row) => row.leadId))];
  const leads =
    leadIds.length === 0
      ? []
      : await db.selectFrom("leads").select(["id", "reference", "businessName", "companyName", "assignedTo"]).where("id", "in", leadIds).execute();
  const leadsById = new Map(leads.map((lead) => [lead.id, lead]));
  const staff = await staffNames(db);
  const quotes = rows.map((row): ListedQuote => {
    const lead = leadsById.get(row.leadId)!;
    const quote = toQuote(row);
    return {
      id: quote.id,
      leadId: quote.leadId,
      reference: quoteReference(lead.reference, quote.version),
      businessName: quoteBusinessName(lead),
      status: quoteStatusOn(quote, today),
      owner: lead.assignedTo ? (staff.get(lead.assignedTo) ?? null) : null,
      monthlyExVatPence: quote.totals.monthlyExVatPence,
      monthlyIncVatPence: quote.totals.monthlyIncVatPence,
      oneOffExVatPence: quote.totals.oneOffExVatPence,
      createdAt: quote.createdAt,
      sentAt: quote.sentAt,
      validUntil: quote.validUntil,
      viewCount: quote.viewCount,
    };
  });
  return { quotes, ...page };
}

/** A page of leads, each with its latest quote's status and value (null before its first quote), as the leads list shows them. */
export async function withLatestQuotes<Lead extends { id: number }>(leads: Lead[]): Promise<Array<Lead & { latestQuote: LatestQuote | null }>> {
  const ids = leads.map((lead) => lead.id);
  const latest = await latestQuotesOf(await getDb(), ids);
  return leads.map((lead) => ({ ...lead, latestQuote: latest.get(lead.id) ?? null }));
}

/** Each lead's latest quote (its highest version), for a page of leads: one query, whatever the page's size. */
export async function latestQuotesOf(db: Kysely<Database>, leadIds: readonly number[], now = new Date()): Promise<Map<number, LatestQuote>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("quotes")
    .selectAll()
    .where("leadId", "in", leadIds)
    .where("version", "=", (eb) =>
      eb
        .selectFrom("quotes as newer")
        .select((newer) => newer.fn.max("newer.version").as("version"))
        .whereRef("newer.leadId", "=", "quotes.leadId"),
    )
    .execute();
  const today = ukDay(now);
  return new Map(
    rows.map((row) => {
      const quote = toQuote(row);
      return [row.leadId, { status: quoteStatusOn(quote, today), monthlyExVatPence: quote.totals.monthlyExVatPence }];
    }),
  );
}

/** Quotes as staff see them (figures included), with the day their statuses are read on. */
export function quotesAsOf(rows: QuoteRow[], now: Date): Array<Quote & { statusToday: QuoteStatus }> {
  const today = ukDay(now);
  return rows.map((row) => {
    const quote = toQuote(row);
    return { ...quote, statusToday: quoteStatusOn(quote, today) };
  });
}
