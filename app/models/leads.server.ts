import crypto from "node:crypto";
import { parseWithSchema, type FieldErrors } from "~/lib/form-submission";
import { formatLeadReference, ukYear } from "~/lib/lead-reference";
import { quoteRequestSchema, type QuoteRequestInput } from "~/lib/schemas/quote-request";
import { env } from "~/services/env.server";
import { getDb } from "~/services/db.server";
import type { LeadRow } from "~/services/database-types";
import { queueNewLeadWebhook } from "~/services/lead-webhook.server";
import { deliverOutboxSoon } from "~/services/outbox.server";

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

function isUniqueViolation(error: unknown, column: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "SQLITE_CONSTRAINT_UNIQUE" && Boolean(message?.includes(`leads.${column}`));
}

function newReference(now: Date): string {
  return formatLeadReference(env.BRAND_REFERENCE_PREFIX, ukYear(now), crypto.randomInt(0, 1_000_000));
}

/** A reference shaped like a real one, for answers to bots (nothing is stored). */
export function decoyLeadReference(): string {
  return newReference(new Date());
}

async function findLeadByToken(submissionToken: string): Promise<CreatedLead | undefined> {
  const db = await getDb();
  return db
    .selectFrom("leads")
    .select(["id", "reference"])
    .where("submissionToken", "=", submissionToken)
    .executeTakeFirst();
}

/**
 * Stores a lead with every answer, status new, and its webhook delivery (when
 * LEAD_WEBHOOK_URL is set) in one transaction; a random reference that is
 * unique (drawn again on the rare clash). The same submission token twice
 * returns the lead the first one made. The webhook is sent after the commit,
 * in the background: the visitor's answer never waits for it.
 */
export async function createLead(input: QuoteRequestInput, context: SubmissionContext): Promise<CreatedLead & { isNew: boolean }> {
  if (context.submissionToken) {
    const existing = await findLeadByToken(context.submissionToken);
    if (existing) return { ...existing, isNew: false };
  }
  const db = await getDb();
  const now = new Date();
  for (let attempt = 0; ; attempt++) {
    try {
      const { lead, webhookQueued } = await db.transaction().execute(async (trx) => {
        const lead = await trx
          .insertInto("leads")
          .values({
            reference: newReference(now),
            status: "new",
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
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { lead, webhookQueued: await queueNewLeadWebhook(trx, lead) };
      });
      if (webhookQueued) deliverOutboxSoon();
      return { id: lead.id, reference: lead.reference, isNew: true };
    } catch (error) {
      if (context.submissionToken && isUniqueViolation(error, "submissionToken")) {
        // The same form, posted twice at once: the other post stored it.
        const existing = await findLeadByToken(context.submissionToken);
        if (existing) return { ...existing, isNew: false };
      }
      if (isUniqueViolation(error, "reference") && attempt < 5) continue;
      throw error;
    }
  }
}

export type QuoteSubmission =
  | { status: "invalid"; fieldErrors: FieldErrors; missingRequired: boolean }
  | { status: "created"; lead: CreatedLead };

/**
 * The one way a quote request becomes a lead, for the wizard's form action
 * and for `POST /api/quote-requests` alike: the shared schema, then the store.
 */
export async function submitQuoteRequest(raw: unknown, context: SubmissionContext): Promise<QuoteSubmission> {
  const parsed = parseWithSchema(quoteRequestSchema, raw);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors, missingRequired: parsed.missingRequired };
  const { id, reference } = await createLead(parsed.data, context);
  return { status: "created", lead: { id, reference } };
}

export async function findLeadByReference(reference: string): Promise<LeadRow | undefined> {
  const db = await getDb();
  return db.selectFrom("leads").selectAll().where("reference", "=", reference).executeTakeFirst();
}


