import { sql, type Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import { quoteStaffEmail, type QuoteStaffNews } from "./quote-emails";
import { customerQuotePath, isOpenQuoteStatus, quoteReference, quoteStatusOn, quoteVersionLabel, type CustomerQuote, type QuoteStatus } from "./quotes";
import { anotherQuoteAcceptedMessage, quoteChangedMessage, quoteNotOpenMessage, SHOWN_FINGERPRINT_FIELD } from "./quote-response";
import type { QuoteAcceptInput, QuoteDeclineInput } from "./quote-response-schema";
import { brand } from "~/platform/brand.server";
import { forChange, getDb, isUniqueViolation } from "~/platform/db.server";
import { quoteContentHash } from "./quote-content-hash.server";
import { env } from "~/platform/env.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox, deliverOutboxSoon } from "~/platform/outbox.server";
import { moveLead } from "~/features/leads/index.server";
import { ModelError } from "~/platform/model-error.server";
import { quoteDocument, recordQuoteChange, toQuote, type QuoteLead } from "./quotes.server";
import { ukDay } from "~/lib/calendar";
import type { LeadStatus } from "~/features/leads";
import type { QuoteRow } from "./quote-tables";
import { portalUrl } from "~/platform/email-layout";

/**
 * The customer's side of a sent quote at /quote/{token} (DESIGN.md, Tariffs and quotes). The token is the only key: whoever holds the link is the customer.
 * A draft's token is never answered, so a draft reads exactly like a token that does not exist.
 */

/** A quote token's shape (16 random bytes, base64url): anything else is refused before the database sees it. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

export const isQuoteTokenShape = (token: string): boolean => TOKEN_SHAPE.test(token);

/** The one answer to every token that is not a sent quote's, so none says which part was wrong. */
const NOT_FOUND = "Quote not found";

/** The browser a customer accepted with, kept as sent but bounded (a header can be kilobytes). */
const USER_AGENT_MAX = 500;

const LEAD_COLUMNS = ["reference", "teamSize", "businessName", "companyName", "firstName", "lastName", "email", "assignedTo", "status"] as const;
type CustomerQuoteLead = QuoteLead & { assignedTo: string | null; status: LeadStatus };

type Reader = Pick<Transaction<Database>, "selectFrom">;

/** The sent quote with this token, or undefined (a draft included). */
export async function sentQuoteRow(db: Reader, token: string, lock = false): Promise<QuoteRow | undefined> {
  if (!isQuoteTokenShape(token)) return undefined;
  const query = db.selectFrom("quotes").selectAll().where("token", "=", token).where("status", "!=", "draft");
  return lock ? forChange(query).executeTakeFirst() : query.executeTakeFirst();
}

export async function leadOf(db: Reader, leadId: number): Promise<CustomerQuoteLead> {
  return db.selectFrom("leads").select(LEAD_COLUMNS).where("id", "=", leadId).executeTakeFirstOrThrow();
}

/** The page of the version that replaced this one: the newest sent one down the `supersedesQuoteId` chain, else the lead's newest later sent version. */
async function supersededByPath(db: Reader, row: QuoteRow): Promise<string | null> {
  const versions = await db
    .selectFrom("quotes")
    .select(["id", "version", "token", "status", "supersedesQuoteId"])
    .where("leadId", "=", row.leadId)
    .where("version", ">", row.version)
    .orderBy("version", "asc")
    .execute();
  let newest: (typeof versions)[number] | null = null;
  let current = row.id;
  for (let next = versions.find((v) => v.supersedesQuoteId === current); next; next = versions.find((v) => v.supersedesQuoteId === current)) {
    if (next.status !== "draft") newest = next;
    current = next.id;
  }
  newest ??= versions.filter((v) => v.status !== "draft").at(-1) ?? null;
  return newest ? customerQuotePath(newest.token) : null;
}

function customerQuote(row: QuoteRow, lead: QuoteLead, status: QuoteStatus, replacedBy: string | null): CustomerQuote {
  const document = quoteDocument(toQuote(row), lead, brand);
  return {
    status,
    document,
    fingerprint: quoteContentHash(document),
    supersededByPath: replacedBy,
    acceptance:
      row.acceptedAt && row.acceptedName && row.acceptedRole && row.acceptedContentHash
        ? { fullName: row.acceptedName, role: row.acceptedRole, acceptedAt: row.acceptedAt, contentHash: row.acceptedContentHash }
        : null,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
  };
}

/** The quote its customer sees at /quote/{token}, with its status as of `now`; null for a malformed, unknown or draft token. */
export async function findCustomerQuote(token: string, now = new Date()): Promise<CustomerQuote | null> {
  const db = await getDb();
  const row = await sentQuoteRow(db, token);
  if (!row) return null;
  const status = quoteStatusOn(row, ukDay(now));
  const [lead, replacedBy] = await Promise.all([leadOf(db, row.leadId), status === "superseded" ? supersededByPath(db, row) : null]);
  return customerQuote(row, lead, status, replacedBy);
}

/** The lead's owner while they still work here; undefined for a lead nobody owns or whose owner has left (the brand's team stands in). */
export async function activeOwnerOf(db: Reader, lead: Pick<CustomerQuoteLead, "assignedTo">) {
  if (!lead.assignedTo) return undefined;
  return db.selectFrom("adminUsers").select(["firstName", "lastName", "email"]).where("id", "=", lead.assignedTo).where("isActive", "=", 1).executeTakeFirst();
}

/** Queues the email of what the customer did to the lead's owner, or LEAD_NOTIFY_TO when none; whether one was queued (deliver after the commit). */
async function queueOwnerEmail(trx: Transaction<Database>, row: QuoteRow, lead: CustomerQuoteLead, news: QuoteStaffNews): Promise<boolean> {
  if (!emailEnabled()) return false;
  const owner = await activeOwnerOf(trx, lead);
  const to = owner ? [owner.email] : env.LEAD_NOTIFY_TO;
  if (to.length === 0) return false;
  const totals = toQuote(row).totals;
  const leadPath = `/admin/leads/${row.leadId}`;
  const content = quoteStaffEmail(
    {
      reference: quoteReference(lead.reference, row.version),
      businessName: lead.companyName || lead.businessName,
      monthlyExVatPence: totals.monthlyExVatPence,
      oneOffExVatPence: totals.oneOffExVatPence,
    },
    news,
    brand,
    portalUrl(env.APP_URL, leadPath),
  );
  await addToOutbox(trx, [{ kind: "quote.staff-email", leadId: row.leadId, payload: { to, replyTo: lead.email, ...content } }]);
  return true;
}

/**
 * Counts one view of the page. A repeat (of a quote viewed before, which no draft is) is one UPDATE adding to the count, so every machine's views add up.
 * The first moves a sent quote to viewed, goes on the lead's timeline and in the audit log, and tells the owner. A draft's or unknown token counts nothing.
 */
export async function recordQuoteView(token: string, now = new Date()): Promise<void> {
  if (!isQuoteTokenShape(token)) return;
  const stamp = now.toISOString();
  const db = await getDb();
  const counted = { viewCount: sql<number>`${sql.ref("viewCount")} + 1`, lastViewedAt: stamp };
  const repeat = await db.updateTable("quotes").set(counted).where("token", "=", token).where("firstViewedAt", "is not", null).executeTakeFirst();
  if (repeat.numUpdatedRows > 0n) return;
  // Perhaps the first view: read under a lock, so two first views at once count as one first and one repeat.
  const queued = await db.transaction().execute(async (trx) => {
    const row = await sentQuoteRow(trx, token, true);
    if (!row) return false;
    const first = row.firstViewedAt === null;
    const moves = first && row.status === "sent";
    await trx
      .updateTable("quotes")
      .set({
        ...counted,
        ...(first ? { firstViewedAt: stamp } : {}),
        ...(moves ? { status: "viewed" as const } : {}),
      })
      .where("id", "=", row.id)
      .execute();
    // Only a quote the customer could still answer is news to its owner.
    if (!first || !isOpenQuoteStatus(quoteStatusOn(row, ukDay(now)))) return false;
    const lead = await leadOf(trx, row.leadId);
    const label = quoteVersionLabel(row.version);
    await recordQuoteChange(trx, null, {
      action: "quote.viewed",
      leadId: row.leadId,
      quoteId: row.id,
      reference: quoteReference(lead.reference, row.version),
      body: `Quote ${label} viewed by the customer`,
      now: stamp,
    });
    return queueOwnerEmail(trx, row, lead, { kind: "viewed", at: stamp });
  });
  if (queued) deliverOutboxSoon();
}

/** Where the customer's answer came from, kept with an acceptance as evidence. */
export interface AnswerContext {
  ip: string;
  userAgent: string;
}

/**
 * The customer accepts an open quote exactly as their page showed it (its accept form's fingerprint): name, role, time, address, browser and that fingerprint
 * (SHA-256 of the document) are kept; the lead becomes Converted; the owner is told. Refused (409, nothing kept) when the document or status changed since, or
 * another quote of the lead is accepted (one per lead, held by the database too: migration 0024). Accepting the same page again answers the same receipt.
 */
export async function acceptQuote(token: string, input: QuoteAcceptInput, context: AnswerContext, now = new Date()): Promise<CustomerQuote> {
  const db = await getDb();
  const stamp = now.toISOString();
  const shown = input[SHOWN_FINGERPRINT_FIELD];
  let businessName = "";
  try {
    const { result, queued } = await db.transaction().execute(async (trx) => {
      const row = await sentQuoteRow(trx, token, true);
      if (!row) throw new ModelError(404, NOT_FOUND);
      const lead = await leadOf(trx, row.leadId);
      const current = customerQuote(row, lead, quoteStatusOn(row, ukDay(now)), null);
      businessName = current.document.customer.businessName;
      // The same page posted again (a double click): its receipt.
      if (current.status === "accepted" && shown === row.acceptedContentHash) return { result: current, queued: false };
      if (!isOpenQuoteStatus(current.status) || shown !== current.fingerprint) throw new ModelError(409, quoteChangedMessage(current.status, row.validUntil));
      const otherAccepted = await trx
        .selectFrom("quotes")
        .select("id")
        .where("leadId", "=", row.leadId)
        .where("id", "!=", row.id)
        .where("status", "=", "accepted")
        .executeTakeFirst();
      if (otherAccepted) throw new ModelError(409, anotherQuoteAcceptedMessage(businessName));

      const accepted = await trx
        .updateTable("quotes")
        .set({
          status: "accepted",
          acceptedAt: stamp,
          acceptedName: input.fullName,
          acceptedRole: input.role,
          acceptedIp: context.ip,
          acceptedUserAgent: context.userAgent.slice(0, USER_AGENT_MAX),
          acceptedContentHash: current.fingerprint,
          updatedAt: stamp,
        })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();

      const label = quoteVersionLabel(row.version);
      const reference = quoteReference(lead.reference, row.version);
      await recordQuoteChange(trx, null, {
        action: "quote.accepted",
        leadId: row.leadId,
        quoteId: row.id,
        reference,
        body: `Quote ${label} accepted by ${input.fullName} (${input.role})`,
        now: stamp,
      });
      // As a status change by staff reads (updateLeadStatus), the first move on from New kept as first contact.
      await moveLead(trx, null, { id: row.leadId, status: lead.status, reference: lead.reference }, "converted", stamp);
      const queued = await queueOwnerEmail(trx, accepted, lead, { kind: "accepted", at: stamp, fullName: input.fullName, role: input.role });
      return { result: customerQuote(accepted, lead, "accepted", null), queued };
    });
    if (queued) deliverOutboxSoon();
    return result;
  } catch (error) {
    // Another quote of the lead accepted at the same moment, on another connection or machine: the database's one-accepted rule held.
    if (isUniqueViolation(error, "quotes", "leadId")) throw new ModelError(409, anotherQuoteAcceptedMessage(businessName));
    throw error;
  }
}

/**
 * The customer declines an open quote, with an optional reason; the owner is emailed when email is on (`ownerTold`). Declining again changes nothing; an
 * accepted one is not declined (409).
 */
export async function declineQuote(token: string, input: QuoteDeclineInput, now = new Date()): Promise<{ quote: CustomerQuote; ownerTold: boolean }> {
  const db = await getDb();
  const stamp = now.toISOString();
  const reason = input.reason ?? null;
  const { result, queued } = await db.transaction().execute(async (trx) => {
    const row = await sentQuoteRow(trx, token, true);
    if (!row) throw new ModelError(404, NOT_FOUND);
    const lead = await leadOf(trx, row.leadId);
    const status = quoteStatusOn(row, ukDay(now));
    if (status === "declined") return { result: customerQuote(row, lead, status, null), queued: false };
    if (!isOpenQuoteStatus(status)) throw new ModelError(409, quoteNotOpenMessage(status, row.validUntil));

    const declined = await trx
      .updateTable("quotes")
      .set({ status: "declined", declinedAt: stamp, declineReason: reason, updatedAt: stamp })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const label = quoteVersionLabel(row.version);
    await recordQuoteChange(trx, null, {
      action: "quote.declined",
      leadId: row.leadId,
      quoteId: row.id,
      reference: quoteReference(lead.reference, row.version),
      body: `Quote ${label} declined by the customer${reason ? `: ${reason}` : ""}`,
      now: stamp,
    });
    const queued = await queueOwnerEmail(trx, declined, lead, { kind: "declined", at: stamp, reason });
    return { result: customerQuote(declined, lead, "declined", null), queued };
  });
  if (queued) deliverOutboxSoon();
  return { quote: result, ownerTold: queued };
}
