import type { QuoteStatus } from "./quotes";
import { addDays } from "~/lib/calendar";
import { countOf } from "~/lib/plural";

/** The portal's Quotes screen: where it is, its pages, its filters' words and what a row shows. */

export const QUOTES_ADMIN_PATH = "/admin/quotes";

/** Rows on one page, as the leads list. */
export const QUOTES_PAGE_SIZE = 50;

/** The owner filter's value for quotes whose lead nobody owns (any other value is a staff member's id). */
export const QUOTE_OWNER_UNASSIGNED = "unassigned";

/** The "Expiring this week" filter: open quotes whose last valid day is today or one of the next six UK days. */
export const QUOTE_EXPIRING_FILTER = "week";
export const QUOTE_EXPIRING_DAYS = 7;
export const QUOTE_EXPIRING_LABEL = "Expiring this week";

/** The last day an "expiring this week" quote may be valid until, counting from `today` (the UK's day). */
export function expiringThisWeekUntil(today: string): string {
  return addDays(today, QUOTE_EXPIRING_DAYS - 1);
}

/** One row of the Quotes screen: figures in pence from the quote's own totals (stored when sent, priced for a draft). */
export interface ListedQuote {
  id: number;
  leadId: number;
  reference: string;
  businessName: string;
  /** As of today: an open quote past its validity reads as expired. */
  status: QuoteStatus;
  owner: string | null;
  monthlyExVatPence: number;
  monthlyIncVatPence: number;
  oneOffExVatPence: number;
  createdAt: string;
  sentAt: string | null;
  /** YYYY-MM-DD. */
  validUntil: string;
  viewCount: number;
}

/** A lead's latest quote (its highest version) as the leads list shows it. */
export interface LatestQuote {
  status: QuoteStatus;
  monthlyExVatPence: number;
}

/** What the dashboard's acceptance rate means, said beside it and in docs/staff-portal.md. */
export function acceptanceRateHint(days: number): string {
  return `Acceptance rate: of the quotes sent in the last ${countOf(days, "day")}, those accepted as a share of those accepted, declined or expired. Quotes still open, withdrawn or superseded are not counted.`;
}

/** The dashboard's quote figures over the last `days` days (docs/staff-portal.md, "Quote figures"). */
export interface QuoteFigures {
  days: number;
  /** Quotes sent in the period. */
  sent: number;
  /** Quotes accepted in the period (whenever sent). */
  accepted: number;
  /** Of the quotes sent in the period: accepted / (accepted + declined + expired), 0 to 1, null with none of those. Open, withdrawn, superseded left out. */
  acceptanceRate: number | null;
  /** The monthly charges of the quotes accepted in the period, in pence. */
  acceptedMonthlyExVatPence: number;
  acceptedMonthlyIncVatPence: number;
  /** The monthly charges ex VAT of every quote still open today (sent or viewed, not past its validity), in pence. */
  openMonthlyExVatPence: number;
}

/** The Quotes screen's CSV export's columns, in order. */
export const QUOTE_CSV_COLUMNS = [
  "Reference",
  "Lead ID",
  "Business",
  "Contact",
  "Email",
  "Status",
  "Owner",
  "Monthly ex VAT",
  "Monthly inc VAT",
  "One-off ex VAT",
  "Contract Total inc VAT",
  "Created",
  "Sent",
  "Valid Until",
  "First Viewed",
  "Views",
  "Accepted At",
  "Accepted By",
  "Accepted By Role",
  "Declined At",
  "Decline Reason",
  "Withdrawn At",
];
