import { quoteReference } from "./quotes";
import { getDb } from "~/platform/db.server";
import { isQuoteTokenShape } from "./quote-customer.server";

/** A sent quote's PDF as the download route needs it before drawing anything. */
export interface QuotePdfState {
  quoteId: number;
  /** The quote's reference, the PDF's file name. */
  reference: string;
  /** The state its document is drawn from, a PDF kept under it: the quote's last change and its lead's (the customer's details; any change touches it). */
  stamp: string;
}

/** The sent quote's PDF state in one SELECT by token (unique index), without reading the document; null for a malformed, unknown or draft token. Not a view. */
export async function quotePdfState(token: string): Promise<QuotePdfState | null> {
  if (!isQuoteTokenShape(token)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.leadId")
    .select(["quotes.id", "quotes.version", "quotes.updatedAt", "leads.reference", "leads.updatedAt as leadUpdatedAt"])
    .where("quotes.token", "=", token)
    .where("quotes.status", "!=", "draft")
    .executeTakeFirst();
  if (!row) return null;
  return { quoteId: row.id, reference: quoteReference(row.reference, row.version), stamp: `${row.updatedAt} ${row.leadUpdatedAt}` };
}
