import { londonDateStamp } from "~/lib/format";
import { quoteReference } from "~/lib/quotes";
import { getDb } from "~/infrastructure/db.server";
import { isQuoteTokenShape } from "./quote-customer.server";
import { countQuoteViewSoon } from "./quote-views.server";

/**
 * Counts a customer's repeat view of their quote (one that was viewed before: the first view
 * takes the full path, `recordQuoteView`) and reads the state its page is drawn from, as one
 * string. The state is what can change the page: the quote's status and last change (an answer,
 * withdrawal, expiry), its validity and the UK day (its passing makes the quote expired), and its
 * lead's last change (the customer's details; every quote change of the lead, such as a newer
 * version sent, touches it too). `quote-page-cache.server.ts` keeps pages under it. One SELECT
 * by token (unique index) with the lead read by its id; the view is counted in memory and
 * written within a second (`quote-views.server.ts`), which touches none of the state.
 * Null when nothing was counted: a malformed, unknown or draft token, or a quote never viewed.
 */
export async function countRepeatQuoteView(token: string, now = new Date()): Promise<string | null> {
  if (!isQuoteTokenShape(token)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("quotes")
    .select((eb) => [
      "id",
      "status",
      "updatedAt",
      "validUntil",
      eb.selectFrom("leads").select("leads.updatedAt").whereRef("leads.id", "=", "quotes.leadId").as("leadUpdatedAt"),
    ])
    .where("token", "=", token)
    .where("status", "!=", "draft")
    .where("firstViewedAt", "is not", null)
    .executeTakeFirst();
  if (!row) return null;
  countQuoteViewSoon(row.id, now);
  return [row.status, row.updatedAt, row.validUntil, row.leadUpdatedAt, londonDateStamp(now)].join(" ");
}

/** A sent quote's PDF as the download route needs it before drawing anything. */
export interface QuotePdfState {
  quoteId: number;
  /** The quote's reference, the PDF's file name. */
  reference: string;
  /**
   * The state its document is drawn from: the quote's last change and its lead's (the
   * customer's details; every change of either touches it). A PDF is kept under it.
   */
  stamp: string;
}

/**
 * What the PDF of the sent quote with this token is drawn from, in one SELECT by token (unique
 * index) with the lead read by its id, without reading the document; null for a malformed,
 * unknown or draft token. Not a view.
 */
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
