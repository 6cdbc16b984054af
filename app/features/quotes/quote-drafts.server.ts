import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { AdminUser } from "~/features/staff";
import type { Database } from "~/platform/database-types";
import { QUOTE_TERMS } from "./quote-terms";
import { quoteVersionLabel } from "./quotes";
import { ModelError } from "~/platform/model-error.server";
import { addDays } from "~/lib/calendar";
import type { QuoteRow } from "./quote-tables";

/** A new quote is valid until this many UK calendar days after its start (staff may change it on the draft). */
export const QUOTE_VALID_DAYS = 14;

/** How a new draft quote comes to be, whether a lead's first or a revision of a sent one: the next version, one draft per lead, a fresh link and validity. */

/** The customer's link: 128 random bits, base64url (22 characters). */
function newQuoteToken(): string {
  return randomBytes(16).toString("base64url");
}

/** The lead's next quote version (run it holding the lead): 409 while the lead has a draft, one draft at a time. */
export async function nextQuoteVersion(trx: Transaction<Database>, leadId: number): Promise<number> {
  const quotes = await trx.selectFrom("quotes").select(["version", "status"]).where("leadId", "=", leadId).execute();
  const draft = quotes.find((quote) => quote.status === "draft");
  if (draft) throw new ModelError(409, `This lead already has a draft quote (${quoteVersionLabel(draft.version)}): edit that one`);
  return Math.max(0, ...quotes.map((quote) => quote.version)) + 1;
}

type QuoteDraftStart = Pick<QuoteRow, "leadId" | "version" | "supersedesQuoteId" | "lines" | "customerNote" | "internalMemo" | "start">;

/** A new draft quote row, created at `stamp`: a fresh customer link, valid for QUOTE_VALID_DAYS from its start, on the current terms. */
export async function insertQuoteDraft(trx: Transaction<Database>, actor: AdminUser, draft: QuoteDraftStart, stamp: string): Promise<QuoteRow> {
  return trx
    .insertInto("quotes")
    .values({
      ...draft,
      token: newQuoteToken(),
      totals: null,
      validUntil: addDays(draft.start, QUOTE_VALID_DAYS),
      termsVersion: QUOTE_TERMS.version,
      termsText: QUOTE_TERMS.text,
      createdBy: actor.id,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
