import type { AdminUser } from "~/features/staff";
import { quoteCustomerEmail } from "./quote-emails";
import {
  customerQuotePath,
  isOpenQuoteStatus,
  QUOTE_OPEN_STATUSES,
  QUOTE_STATUS_LABELS,
  quoteStatusOn,
  quoteVersionLabel,
  type Quote,
  type QuoteLine,
  type QuoteStatus,
} from "./quotes";
import { brand } from "~/platform/brand.server";
import { forChange, getDb, isUniqueViolation } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox, deliverOutboxSoon } from "~/platform/outbox.server";
import { moveLead, takeUnownedLead } from "~/features/leads/index.server";
import { ModelError } from "~/platform/model-error.server";
import { insertQuoteDraft, nextQuoteVersion } from "./quote-drafts.server";
import { quoteSummary, recordQuoteChange, toQuote } from "./quotes.server";
import { formatCalendarDay, ukDay } from "~/lib/calendar";
import { priceQuote } from "./quote-prices";
import { portalUrl } from "~/platform/email-layout";

/** A quote's life after its draft (DESIGN.md, Tariffs and quotes); each change goes on the lead's timeline and in the audit log, in its own transaction. */

/**
 * Sends a draft: its totals fixed as priced now and frozen (a change is a new version), its link emailed through the outbox in the same transaction, a New
 * lead moved to Contacted, any other open version superseded. With email off it is sent all the same: staff give the customer its link. 404 for no quote;
 * 409 unless a draft with lines within its validity, or while another quote of the lead is accepted (a lead has one accepted quote). A lead nobody
 * owns becomes the sender's. Says what happened: to whom it was emailed (null: not emailed), and whether the sender took the lead.
 */
export async function sendQuote(actor: AdminUser, quoteId: number, now = new Date()): Promise<SentQuote> {
  const db = await getDb();
  const sent = await db.transaction().execute(async (trx) => {
    const before = await forChange(trx.selectFrom("quotes").selectAll().where("id", "=", quoteId)).executeTakeFirst();
    if (!before) throw new ModelError(404, "Quote not found");
    const label = quoteVersionLabel(before.version);
    if (isOpenQuoteStatus(before.status)) throw new ModelError(409, `Quote ${label} has already been sent`);
    if (before.status !== "draft") {
      throw new ModelError(409, `Quote ${label} is ${QUOTE_STATUS_LABELS[before.status].toLowerCase()}: only a draft can be sent`);
    }
    const lines = JSON.parse(before.lines) as QuoteLine[];
    if (lines.length === 0) throw new ModelError(409, `Quote ${label} has no lines: add at least one before sending it`);
    if (before.validUntil < ukDay(now)) {
      throw new ModelError(
        409,
        `Quote ${label} was valid until ${formatCalendarDay(before.validUntil)}, which has passed: choose a later valid-until day before sending it`,
      );
    }
    // Held before the lead, as a customer's answer holds its quote then the lead: one being accepted now is waited for, then seen accepted below.
    const older = await forChange(
      trx
        .selectFrom("quotes")
        .select(["id", "version"])
        .where("leadId", "=", before.leadId)
        .where("id", "!=", quoteId)
        .where("status", "in", QUOTE_OPEN_STATUSES)
        .orderBy("id"),
    ).execute();
    const lead = await forChange(
      trx.selectFrom("leads").select(["id", "status", "reference", "email", "assignedTo"]).where("id", "=", before.leadId),
    ).executeTakeFirstOrThrow();
    // A lead has one accepted quote: the customer said yes to that one, so no other is sent them to answer.
    const accepted = await trx.selectFrom("quotes").select("version").where("leadId", "=", lead.id).where("status", "=", "accepted").executeTakeFirst();
    if (accepted) {
      throw new ModelError(
        409,
        `Quote ${quoteVersionLabel(accepted.version)} of this lead has been accepted, and a lead has one accepted quote: ${label} cannot be sent`,
      );
    }
    const stamp = now.toISOString();
    const totals = priceQuote(lines, before.start);
    const row = await trx
      .updateTable("quotes")
      .set({ status: "sent", sentAt: stamp, totals: JSON.stringify(totals), updatedAt: stamp })
      .where("id", "=", quoteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const reference = `${lead.reference}-${label}`;

    const notEmailed = emailEnabled() ? null : "email is off";
    const emailed = notEmailed === null;
    if (emailed) {
      const content = quoteCustomerEmail(
        {
          reference,
          monthlyExVatPence: totals.monthlyExVatPence,
          oneOffExVatPence: totals.oneOffExVatPence,
          lines: { lines, start: before.start, totals },
          validUntil: row.validUntil,
          url: portalUrl(env.APP_URL, customerQuotePath(row.token)),
        },
        brand,
      );
      await addToOutbox(trx, [{ kind: "quote.customer-email", leadId: lead.id, payload: { to: [lead.email], replyTo: brand.email, ...content } }]);
    }
    const how = emailed ? `to ${lead.email}` : `(not emailed: ${notEmailed}; give the customer the link)`;
    await recordQuoteChange(trx, actor, {
      action: "quote.sent",
      leadId: lead.id,
      quoteId,
      reference,
      body: `Quote ${label} sent ${how}: ${quoteSummary(lines, before.start)}`,
      now: stamp,
    });

    // The newest version sent is the one the customer answers: any older one still open gives way to it.
    for (const other of older) {
      await trx.updateTable("quotes").set({ status: "superseded", updatedAt: stamp }).where("id", "=", other.id).execute();
      const otherLabel = quoteVersionLabel(other.version);
      await recordQuoteChange(trx, actor, {
        action: "quote.superseded",
        leadId: lead.id,
        quoteId: other.id,
        reference: `${lead.reference}-${otherLabel}`,
        body: `Quote ${otherLabel} superseded by ${label}`,
        now: stamp,
      });
    }

    // Sending the quote is contact: a New lead moves on (and its response time is set).
    if (lead.status === "new") await moveLead(trx, actor, lead, "contacted", stamp);
    const ownerTaken = await takeUnownedLead(trx, actor, lead, `sent quote ${label}`, stamp);
    return { quote: toQuote(row, now), emailedTo: emailed ? lead.email : null, notEmailed, ownerTaken };
  });
  if (sent.emailedTo) deliverOutboxSoon();
  return sent;
}

/** What sending did: the quote, to whom it was emailed (null, and why not), and whether the sender became the lead's owner. */
export interface SentQuote {
  quote: Quote;
  emailedTo: string | null;
  notEmailed: string | null;
  ownerTaken: boolean;
}

/** What a quote's status may be to be withdrawn: not yet answered and not yet replaced. */
const WITHDRAWABLE = ["draft", ...QUOTE_OPEN_STATUSES] as const satisfies readonly QuoteStatus[];

/** Withdraws a draft or unanswered quote (its page then says so). 409 once it is accepted, declined, expired (swept or not), superseded or withdrawn. */
export async function withdrawQuote(actor: AdminUser, quoteId: number, now = new Date()): Promise<Quote> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const before = await forChange(trx.selectFrom("quotes").selectAll().where("id", "=", quoteId)).executeTakeFirst();
    if (!before) throw new ModelError(404, "Quote not found");
    const label = quoteVersionLabel(before.version);
    const status = quoteStatusOn(before, ukDay(now));
    if (!(WITHDRAWABLE as readonly QuoteStatus[]).includes(status)) {
      throw new ModelError(409, `Quote ${label} is ${QUOTE_STATUS_LABELS[status].toLowerCase()} and can no longer be withdrawn`);
    }
    const stamp = now.toISOString();
    const row = await trx
      .updateTable("quotes")
      .set({ status: "withdrawn", withdrawnAt: stamp, updatedAt: stamp })
      .where("id", "=", quoteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const lead = await trx.selectFrom("leads").select("reference").where("id", "=", before.leadId).executeTakeFirstOrThrow();
    await recordQuoteChange(trx, actor, {
      action: "quote.withdrawn",
      leadId: before.leadId,
      quoteId,
      reference: `${lead.reference}-${label}`,
      body: `Quote ${label} withdrawn`,
      now: stamp,
    });
    return toQuote(row, now);
  });
}

/**
 * A draft of version n+1 to send in the quote's place: its lines as they are (tariff snapshots kept, so later catalogue edits stay out), notes, the current
 * terms and a fresh validity; sending it supersedes the quote. 409 for an accepted quote (that sale is made), or while the lead has a draft (edit that one).
 */
export async function reviseQuote(actor: AdminUser, quoteId: number, now = new Date()): Promise<Quote> {
  const db = await getDb();
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await forChange(trx.selectFrom("quotes").selectAll().where("id", "=", quoteId)).executeTakeFirst();
      if (!before) throw new ModelError(404, "Quote not found");
      const label = quoteVersionLabel(before.version);
      if (before.status === "accepted") throw new ModelError(409, `Quote ${label} is accepted: it can no longer be revised`);
      const lead = await forChange(trx.selectFrom("leads").select(["id", "reference"]).where("id", "=", before.leadId)).executeTakeFirstOrThrow();
      const version = await nextQuoteVersion(trx, lead.id);
      const start = ukDay(now);
      const stamp = now.toISOString();
      const lines = JSON.parse(before.lines) as QuoteLine[];
      const row = await insertQuoteDraft(
        trx,
        actor,
        {
          leadId: lead.id,
          version,
          supersedesQuoteId: before.id,
          lines: before.lines,
          customerNote: before.customerNote,
          internalMemo: before.internalMemo,
          start,
        },
        stamp,
      );
      const newLabel = quoteVersionLabel(version);
      await recordQuoteChange(trx, actor, {
        action: "quote.revised",
        leadId: lead.id,
        quoteId: row.id,
        reference: `${lead.reference}-${newLabel}`,
        body: `Quote ${newLabel} drafted as a revision of ${label}: ${quoteSummary(lines, start)}`,
        now: stamp,
      });
      return toQuote(row, now);
    });
  } catch (error) {
    // Two staff revising the lead's quotes at once: the second is told, as above.
    if (isUniqueViolation(error, "quotes", "version")) throw new ModelError(409, "Another quote for this lead was drafted just now: reload the lead");
    throw error;
  }
}

/** The expiry sweep is part of a quote's life too; it has a module of its own for its timer. */
export { expireQuotes } from "./quote-expiry.server";
