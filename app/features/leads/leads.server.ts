import crypto from "node:crypto";
import { parseWithSchema, type FieldErrors } from "~/lib/form-submission";
import { formatLeadReference } from "./lead-reference";
import { QUOTE_DEAL_MESSAGES } from "./quote-request";
import { quoteRequestSchema, type QuoteRequestInput } from "./quote-request-schema";
import { getDb, isUniqueViolation } from "~/platform/db.server";
import { groupCommit } from "~/platform/group-commit.server";
import { queueNewLeadEmails } from "./lead-emails.server";
import { queueNewLeadWebhooks } from "./lead-webhook.server";
import { metrics } from "~/platform/metrics.server";
import { deliverOutboxSoon } from "~/platform/outbox.server";
import { consumeGlobalRateLimit } from "~/platform/rate-limit.server";
import { recordMarketingConsent } from "./consent-records.server";
import { leadDeal, type LeadDeal } from "./lead-deal.server";
import { ukYear } from "~/lib/calendar";
import { siteHost } from "~/platform/brand.server";
import { referrerDomain } from "./attribution";

export interface CreatedLead {
  id: number;
  reference: string;
}

interface SubmissionContext {
  /** The page the wizard was on, or "api". */
  sourcePage: string;
  /** The form's one-time token: a second post of the same form finds the first lead. */
  submissionToken?: string;
}

function newReference(now: Date): string {
  return formatLeadReference(ukYear(now), crypto.randomInt(0, 1_000_000));
}

/** A reference shaped like a real one, for answers to bots (nothing is stored). */
export function decoyLeadReference(): string {
  return newReference(new Date());
}

async function findLeadByToken(submissionToken: string): Promise<CreatedLead | undefined> {
  const db = await getDb();
  return db.selectFrom("leads").select(["id", "reference"]).where("submissionToken", "=", submissionToken).executeTakeFirst();
}

interface LeadToStore {
  input: QuoteRequestInput;
  context: SubmissionContext;
  /** The chosen deal and the shortlist, snapshots of what the visitor saw. */
  deal: LeadDeal;
  now: Date;
}

/**
 * Stores leads with every answer, status new, and their webhook deliveries and emails (when LEAD_WEBHOOK_URL / SMTP_URL are set) in one transaction, each with
 * a random reference. The leads go in as one statement: the search index (kept by a trigger) then writes one segment for all of them rather than one per lead,
 * which is most of what storing a lead costs. Returns the leads in order.
 */
async function insertLeads(leads: LeadToStore[]): Promise<CreatedLead[]> {
  const db = await getDb();
  const references = new Set<string>();
  while (references.size < leads.length) references.add(newReference(leads[references.size]!.now));
  const values = [...references].map((reference, index) => {
    const { input, context, deal, now } = leads[index]!;
    return {
      reference,
      status: "new" as const,
      teamSize: input.teamSize,
      contractExpiry: input.contractExpiry,
      businessType: input.businessType,
      businessName: input.businessName,
      postcode: input.postcode ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
      companyName: input.companyName ?? null,
      contractLength: input.contractLength ?? null,
      jobTitle: input.jobTitle ?? null,
      requirements: input.requirements ?? null,
      sourcePage: context.sourcePage,
      submissionToken: context.submissionToken ?? null,
      tariff: deal.tariff ? JSON.stringify(deal.tariff) : null,
      tariffShortlist: JSON.stringify(deal.shortlist),
      source: input.source,
      medium: input.medium,
      campaign: input.campaign,
      term: input.term,
      content: input.content,
      // A referrer that is our own site says nothing of where the visit came from.
      referrerDomain: referrerDomain(input.referrerDomain, siteHost),
      landingPath: input.landingPath,
      formPath: input.formPath,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
  });
  const { rows, deliveriesQueued } = await db.transaction().execute(async (trx) => {
    const rows = await trx.insertInto("leads").values(values).returningAll().execute();
    const consenting = values.map((value, index) => ({ value, lead: leads[index]! })).filter(({ lead }) => lead.input.marketingConsent);
    const idByReference = new Map(rows.map((row) => [row.reference, row.id]));
    await recordMarketingConsent(
      trx,
      consenting.map(({ value, lead }) => ({ email: lead.input.email, page: lead.context.sourcePage, leadId: idByReference.get(value.reference)! })),
    );
    const webhookQueued = await queueNewLeadWebhooks(trx, rows);
    const emailsQueued = await queueNewLeadEmails(trx, rows);
    return { rows, deliveriesQueued: webhookQueued || emailsQueued };
  });
  metrics.leads.inc(rows.length);
  if (deliveriesQueued) deliverOutboxSoon();
  // RETURNING promises no order: match each row to its lead by the reference it was given.
  const byReference = new Map(rows.map((row) => [row.reference, row]));
  return values.map(({ reference }) => ({ id: byReference.get(reference)!.id, reference }));
}

/** One lead on its own: a reference that clashes is drawn again; the same submission token posted twice at once finds the lead the other post stored. */
async function storeLead(lead: LeadToStore): Promise<CreatedLead> {
  const { submissionToken } = lead.context;
  for (let attempt = 0; ; attempt++) {
    try {
      const [created] = await insertLeads([lead]);
      return created!;
    } catch (error) {
      if (submissionToken && isUniqueViolation(error, "leads", "submissionToken")) {
        // The same form, posted twice at once: the other post stored it.
        const existing = await findLeadByToken(submissionToken);
        if (existing) return existing;
      }
      if (isUniqueViolation(error, "leads", "reference") && attempt < 5) continue;
      throw error;
    }
  }
}

/**
 * The leads that arrive together, stored together (see groupCommit). Should one of them not go in as it is (a clashing reference, one form posted twice), the
 * group's transaction stores nothing and each is stored on its own, so one lead never fails another.
 */
async function storeLeads(leads: LeadToStore[]): Promise<PromiseSettledResult<CreatedLead>[]> {
  if (leads.length > 1) {
    try {
      const created = await insertLeads(leads);
      return created.map((value) => ({ status: "fulfilled", value }));
    } catch {
      // Each on its own below.
    }
  }
  return Promise.allSettled(leads.map(storeLead));
}

// 29 values a lead: 200 leads stay well within SQLite's 32,766 bound parameters a statement.
const storeLeadWithOthers = groupCommit(storeLeads, { maxGroupSize: 200 });

/**
 * Stores a lead (see insertLeads), answering once it is committed. The same submission token twice returns the lead the first one made. The webhook is sent
 * after the commit, in the background: the visitor's answer never waits for it.
 */
export async function createLead(input: QuoteRequestInput, context: SubmissionContext, deal: LeadDeal, now: Date): Promise<CreatedLead> {
  if (context.submissionToken) {
    const existing = await findLeadByToken(context.submissionToken);
    if (existing) return existing;
  }
  return storeLeadWithOthers({ input, context, deal, now });
}

export type QuoteSubmission =
  | { status: "invalid"; fieldErrors: FieldErrors; missingRequired: boolean }
  /** Past the global limit of quote requests from everyone together in the window. */
  | { status: "busy"; retryAfterSeconds: number }
  | { status: "created"; lead: CreatedLead; deal: LeadDeal };

/**
 * The one way a quote request becomes a lead, for the wizard's form action and for `POST /api/quote-requests` alike: the shared schema, the limit from everyone
 * together (counting only requests about to be stored, so junk never uses up genuine visitors' allowance), then the store. A chosen deal must be live and sold
 * for the lead's lines, or nothing is stored.
 */
export async function submitQuoteRequest(raw: unknown, context: SubmissionContext): Promise<QuoteSubmission> {
  const parsed = parseWithSchema(quoteRequestSchema, raw);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors, missingRequired: parsed.missingRequired };
  const now = new Date();
  const deal = await leadDeal(parsed.data, now);
  if (deal === "unavailable") return { status: "invalid", fieldErrors: { tariffSlug: QUOTE_DEAL_MESSAGES.unavailable }, missingRequired: false };
  const limit = await consumeGlobalRateLimit("quote");
  if (!limit.allowed) return { status: "busy", retryAfterSeconds: limit.retryAfterSeconds };
  const { id, reference } = await createLead(parsed.data, context, deal, now);
  return { status: "created", lead: { id, reference }, deal };
}
