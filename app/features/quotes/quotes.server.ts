import type { Transaction } from "kysely";
import type { AdminUser } from "~/features/staff";
import type { Brand } from "~/platform/brand";
import type { Database } from "~/platform/database-types";
import { storedSnapshot } from "~/features/leads";
import { quoteContractSummary } from "./quote-contract-summary";
import {
  customerQuotePath,
  quoteStatusOn,
  quoteReference,
  quoteVersionLabel,
  QUOTE_STATUS_LABELS,
  type Quote,
  type QuoteDocument,
  type QuoteLine,
  type QuoteTotals,
} from "./quotes";
import type { QuoteDraftInput } from "./quotes-schema";
import type { TariffSnapshot } from "~/features/tariffs";
import { forChange, getDb, isUniqueViolation } from "~/platform/db.server";
import { brand } from "~/platform/brand.server";
import { recordAudit } from "~/features/staff/index.server";
import { addLeadActivity } from "~/features/leads/index.server";
import { ModelError } from "~/platform/model-error.server";
import { insertQuoteDraft, nextQuoteVersion } from "./quote-drafts.server";
import { linesFromChosenTariff, resolveQuoteLines } from "./quote-lines.server";
import { ukDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import type { LeadRow } from "~/features/leads";
import type { QuoteRow } from "./quote-tables";
import { priceQuote } from "./quote-prices";
import { countOf } from "~/lib/plural";

/** Quotes staff build from a lead (DESIGN.md, Tariffs and quotes): a draft until sent, then frozen; every change audited and on the lead's timeline. */

/** A draft's totals are priced now from its lines; a sent quote's are the ones fixed when it was sent. */
function quoteTotals(row: Pick<QuoteRow, "totals" | "start">, lines: readonly QuoteLine[]): QuoteTotals {
  return row.totals === null ? priceQuote(lines, row.start) : (JSON.parse(row.totals) as QuoteTotals);
}

/** A stored quote as staff see it, its status as of `now`'s UK day (an open quote past its validity reads expired). */
export function toQuote(row: QuoteRow, now = new Date()): Quote {
  const lines = JSON.parse(row.lines) as QuoteLine[];
  return {
    id: row.id,
    leadId: row.leadId,
    version: row.version,
    supersedesQuoteId: row.supersedesQuoteId,
    status: quoteStatusOn(row, ukDay(now)),
    lines,
    totals: quoteTotals(row, lines),
    start: row.start,
    customerNote: row.customerNote,
    internalMemo: row.internalMemo,
    validUntil: row.validUntil,
    terms: { version: row.termsVersion, text: row.termsText },
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sentAt: row.sentAt,
    firstViewedAt: row.firstViewedAt,
    lastViewedAt: row.lastViewedAt,
    viewCount: row.viewCount,
    acceptedAt: row.acceptedAt,
    acceptedName: row.acceptedName,
    acceptedRole: row.acceptedRole,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
    withdrawnAt: row.withdrawnAt,
    // A draft withdrawn before it was sent never had a customer: its token is never shown.
    customerPath: row.sentAt === null ? null : customerQuotePath(row.token),
  };
}

/** One change to a quote, as the lead's timeline and the audit log record it. */
export interface QuoteChange {
  /** `quote.created`, `quote.sent`, `quote.expired` ... */
  action: `quote.${string}`;
  leadId: number;
  quoteId: number;
  /** The lead's reference and the quote's version, e.g. "CLB-2026-123456-Q1". */
  reference: string;
  body: string;
  now: string;
}

/** The lead's timeline entry and the audit log's, for one quote change, in the change's transaction. A change nobody made (expiry) has no actor: "System". */
export async function recordQuoteChange(trx: Transaction<Database>, actor: AdminUser | null, change: QuoteChange): Promise<void> {
  await addLeadActivity(trx, actor, { leadId: change.leadId, kind: "quote", body: change.body, now: change.now });
  await recordAudit(actor, { action: change.action, entityType: "quote", entityId: change.quoteId, summary: `${change.body} (${change.reference})` }, trx);
}

/** "2 lines, £33.60 a month and £50.00 one-off ex VAT": what a timeline entry says of a quote. */
export function quoteSummary(lines: readonly QuoteLine[], start: string): string {
  const totals = priceQuote(lines, start);
  return `${countOf(lines.length, "line")}, ${formatPounds(totals.monthlyExVatPence)} a month and ${formatPounds(totals.oneOffExVatPence)} one-off ex VAT`;
}

/** A lead's new draft, its first lines from the deal the visitor chose, on the current terms. One draft per lead (409 while one is open: edit it). */
export async function createQuoteDraft(actor: AdminUser, leadId: number, now = new Date()): Promise<Quote> {
  const db = await getDb();
  try {
    return await db.transaction().execute(async (trx) => {
      const lead = await forChange(trx.selectFrom("leads").select(["id", "reference", "tariff"]).where("id", "=", leadId)).executeTakeFirst();
      if (!lead) throw new ModelError(404, "Lead not found");
      const version = await nextQuoteVersion(trx, leadId);
      const start = ukDay(now);
      const lines = linesFromChosenTariff(storedSnapshot<TariffSnapshot>(lead.tariff));
      const stamp = now.toISOString();
      const row = await insertQuoteDraft(
        trx,
        actor,
        {
          leadId,
          version,
          supersedesQuoteId: null,
          lines: JSON.stringify(lines),
          customerNote: null,
          internalMemo: null,
          start,
        },
        stamp,
      );
      const label = quoteVersionLabel(version);
      await recordQuoteChange(trx, actor, {
        action: "quote.created",
        leadId,
        quoteId: row.id,
        reference: `${lead.reference}-${label}`,
        body: `Quote ${label} drafted: ${quoteSummary(lines, start)}`,
        now: stamp,
      });
      return toQuote(row);
    });
  } catch (error) {
    // Two staff drafting the same lead's quote at once: the second is told, as above.
    if (isUniqueViolation(error, "quotes", "version")) throw new ModelError(409, "Another quote for this lead was drafted just now: reload the lead");
    throw error;
  }
}

/** Changes a draft: the fields given replace the draft's (the lines whole), one timeline and audit entry when anything changed. A sent quote is frozen: 409. */
export async function updateQuoteDraft(actor: AdminUser, quoteId: number, draft: QuoteDraftInput, now = new Date()): Promise<Quote> {
  const db = await getDb();
  const read = await db.selectFrom("quotes").select(["status", "version", "lines", "start"]).where("id", "=", quoteId).executeTakeFirst();
  if (!read) throw new ModelError(404, "Quote not found");
  // The catalogue is read before the transaction: SQLite has one connection, held by the transaction.
  const lines =
    read.status === "draft" && draft.lines ? await resolveQuoteLines(draft.lines, JSON.parse(read.lines) as QuoteLine[], read.start, now) : undefined;
  return db.transaction().execute(async (trx) => {
    const before = await forChange(trx.selectFrom("quotes").selectAll().where("id", "=", quoteId)).executeTakeFirst();
    if (!before) throw new ModelError(404, "Quote not found");
    const label = quoteVersionLabel(before.version);
    if (before.status !== "draft") {
      throw new ModelError(409, `Quote ${label} is ${QUOTE_STATUS_LABELS[before.status].toLowerCase()} and can no longer be changed`);
    }
    if (lines && before.lines !== read.lines) throw new ModelError(409, `Quote ${label} was changed just now by someone else: reload it`);
    const newLines = lines ?? (JSON.parse(before.lines) as QuoteLine[]);
    const changes = {
      lines: JSON.stringify(newLines),
      ...(draft.customerNote !== undefined ? { customerNote: draft.customerNote } : {}),
      ...(draft.internalMemo !== undefined ? { internalMemo: draft.internalMemo } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    };
    // A save that changes nothing (Send or "Add a line" on an untouched form) is no change: nothing on the timeline or in the audit log.
    if (Object.entries(changes).every(([column, value]) => before[column as keyof typeof changes] === value)) return toQuote(before, now);
    const stamp = now.toISOString();
    const row = await trx
      .updateTable("quotes")
      .set({ ...changes, updatedAt: stamp })
      .where("id", "=", quoteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const lead = await trx.selectFrom("leads").select("reference").where("id", "=", before.leadId).executeTakeFirstOrThrow();
    await recordQuoteChange(trx, actor, {
      action: "quote.updated",
      leadId: before.leadId,
      quoteId,
      reference: `${lead.reference}-${label}`,
      body: `Quote ${label} updated: ${quoteSummary(newLines, before.start)}`,
      now: stamp,
    });
    return toQuote(row);
  });
}

export async function getQuote(id: number): Promise<Quote> {
  const db = await getDb();
  const row = await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ModelError(404, "Quote not found");
  return toQuote(row);
}

/** A lead's quotes, first version first; 404 for a lead that is not there. */
export async function listLeadQuotes(leadId: number): Promise<Quote[]> {
  const db = await getDb();
  const [lead, rows] = await Promise.all([
    db.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst(),
    db.selectFrom("quotes").selectAll().where("leadId", "=", leadId).orderBy("version", "asc").execute(),
  ]);
  if (!lead) throw new ModelError(404, "Lead not found");
  return rows.map((row) => toQuote(row));
}

/** The lead a quote is for, as its document needs it. */
export type QuoteLead = Pick<LeadRow, "reference" | "teamSize" | "businessName" | "companyName" | "firstName" | "lastName" | "email">;

export async function getQuoteLead(leadId: number): Promise<QuoteLead> {
  const db = await getDb();
  const lead = await db
    .selectFrom("leads")
    .select(["reference", "teamSize", "businessName", "companyName", "firstName", "lastName", "email"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) throw new ModelError(404, "Lead not found");
  return lead;
}

/** Everything the customer is shown of a quote: its page and its PDF are both drawn from this. */
export function quoteDocument(quote: Quote, lead: QuoteLead, brand: Pick<Brand, "name">): QuoteDocument {
  return {
    brandName: brand.name,
    reference: quoteReference(lead.reference, quote.version),
    version: quote.version,
    issuedOn: ukDay(new Date(quote.sentAt ?? quote.createdAt)),
    validUntil: quote.validUntil,
    start: quote.start,
    customer: { businessName: lead.companyName || lead.businessName, contactName: `${lead.firstName} ${lead.lastName}`, email: lead.email },
    customerNote: quote.customerNote,
    lines: quote.lines,
    totals: quote.totals,
    contractSummary: quoteContractSummary(quote.lines, lead.teamSize, quote.start),
    terms: quote.terms,
  };
}

/** A quote as the staff JSON gives it: with the document its customer will be shown. */
export async function getQuoteWithDocument(id: number): Promise<Quote & { document: QuoteDocument }> {
  const quote = await getQuote(id);
  return { ...quote, document: quoteDocument(quote, await getQuoteLead(quote.leadId), brand) };
}
