import type { PriceRise, TariffSnapshot } from "~/features/tariffs";

/** A quote's lists and shapes, for every screen, PDF, email and JSON route. Money is integer pence ex VAT (DESIGN.md, Money), priced in tariff-prices.ts. */

export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired", "withdrawn", "superseded"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote its customer may still accept or decline (until its valid-until day has passed). */
export const QUOTE_OPEN_STATUSES = ["sent", "viewed"] as const satisfies readonly QuoteStatus[];

export function isOpenQuoteStatus(status: QuoteStatus): status is (typeof QUOTE_OPEN_STATUSES)[number] {
  return (QUOTE_OPEN_STATUSES as readonly QuoteStatus[]).includes(status);
}

/** Status as of `today` (the UK's day): an open quote past its valid-until day reads expired even before the sweep writes it, so nothing treats it as open. */
export function quoteStatusOn(quote: { status: QuoteStatus; validUntil: string }, today: string): QuoteStatus {
  return isOpenQuoteStatus(quote.status) && quote.validUntil < today ? "expired" : quote.status;
}

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
  superseded: "Superseded",
};

/** The groups a quote's lines are shown in, in this order. */
export const QUOTE_LINE_GROUPS = ["mobile", "broadband", "phone_system", "it_services", "hardware"] as const;
export type QuoteLineGroup = (typeof QUOTE_LINE_GROUPS)[number];

export const QUOTE_LINE_GROUP_LABELS: Record<QuoteLineGroup, string> = {
  mobile: "Mobile",
  broadband: "Broadband",
  phone_system: "Phone system",
  it_services: "IT services",
  hardware: "Hardware",
};

export const QUOTE_CHARGES = ["monthly", "one_off"] as const;
export type QuoteCharge = (typeof QUOTE_CHARGES)[number];

export const QUOTE_CHARGE_LABELS: Record<QuoteCharge, string> = {
  monthly: "Monthly",
  one_off: "One-off",
};

/** A discount on one line, always with the reason staff gave: a percent, or an amount in pence ex VAT. */
export type QuoteLineDiscount = { kind: "percent"; percent: number; reason: string } | { kind: "amount"; amountExVatPence: number; reason: string };

/** One line. A catalogue line holds its tariff as added (a snapshot: later edits never change it); monthly is charged each month, one-off on acceptance. */
export interface QuoteLine {
  group: QuoteLineGroup;
  description: string;
  tariff: TariffSnapshot | null;
  quantity: number;
  unitPriceExVatPence: number;
  charge: QuoteCharge;
  /** Months charged, for a monthly line; null for a one-off. */
  termMonths: number | null;
  /** Dated unit prices (pounds and pence, never a percentage), for a monthly line. */
  priceRises: PriceRise[];
  /** The tariff's multi-line discount, carried from the catalogue, so the quote prices a team as the comparison did. */
  multiLineDiscount: { fromLine: number; percent: number } | null;
  discount: QuoteLineDiscount | null;
}

/** Each line's own figures, in the order of the lines. */
export interface QuoteLineFigures {
  /** A monthly line: its first month after discounts; a one-off: its whole amount after discounts. */
  amountExVatPence: number;
  /** What the line costs over its term (a one-off: its amount). */
  overTermExVatPence: number;
}

/** The figures of a whole quote, from the one price module. */
export interface QuoteTotals {
  lines: QuoteLineFigures[];
  monthlyExVatPence: number;
  monthlyVatPence: number;
  monthlyIncVatPence: number;
  oneOffExVatPence: number;
  oneOffVatPence: number;
  oneOffIncVatPence: number;
  /** The one-off charges inc VAT: what the customer pays on accepting. */
  dueOnAcceptanceIncVatPence: number;
  /** Every one-off plus every monthly line over its term, with the price rises. */
  contractTotalExVatPence: number;
  contractTotalIncVatPence: number;
}

/** The summary Ofcom requires before a contract with a business of ten or fewer (team size 1 - 2, 3 - 4 or 5 - 9): one entry per monthly service, in words. */
export interface QuoteContractSummary {
  services: Array<{
    description: string;
    termMonths: number;
    monthlyPriceExVatPence: number;
    monthlyPriceIncVatPence: number;
    /** Ex VAT, e.g. ["From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)"]. */
    priceRises: string[];
    /** e.g. "30GB data, unlimited minutes and texts, 5G". */
    allowances: string;
    /** e.g. "EU roaming included (15GB fair use)". */
    roaming: string;
  }>;
  outOfBundle: string;
  howToLeave: string;
  /** Said when any term is over 24 months; null otherwise. */
  longTermWarning: string | null;
}

/** Everything a customer is shown of one quote: the page at /quote/{token} and its PDF are both drawn from this, so they can never disagree. */
export interface QuoteDocument {
  brandName: string;
  /** e.g. "CLB-2026-123456-Q1": the lead's reference and the quote's version. */
  reference: string;
  version: number;
  /** YYYY-MM-DD days. */
  issuedOn: string;
  validUntil: string;
  start: string;
  customer: { businessName: string; contactName: string; email: string };
  customerNote: string | null;
  lines: QuoteLine[];
  totals: QuoteTotals;
  contractSummary: QuoteContractSummary | null;
  terms: { version: string; text: string };
}

/**
 * A quote's PDF: the document (what the customer accepts, and what its fingerprint is of) and what a proposal carries around it: the supplier's legal
 * details, the customer's account manager, how to pay, and, once accepted, the record of the acceptance.
 */
export interface QuoteProposal {
  document: QuoteDocument;
  supplier: { legalName: string; companyNumber: string; registeredAddress: string; vatNumber: string; phone: string; email: string };
  /** The lead's owner; with no owner, the brand's team. */
  accountManager: { name: string; email: string; phone: string };
  /** How to pay what is due on acceptance; null: the account manager arranges it. */
  paymentInstructions: string | null;
  acceptance: QuoteAcceptanceRecord | null;
}

/** What is kept of an acceptance, as evidence: who, when, from where, and the fingerprint of what they accepted. */
export interface QuoteAcceptanceRecord {
  fullName: string;
  role: string;
  /** ISO instant. */
  acceptedAt: string;
  ip: string | null;
  userAgent: string | null;
  contentHash: string;
}

/** A quote as staff see it (the staff JSON): a draft's totals priced now, a sent quote's as fixed when sent. The token is left out: it is the customer's. */
export interface Quote {
  id: number;
  leadId: number;
  version: number;
  supersedesQuoteId: number | null;
  status: QuoteStatus;
  lines: QuoteLine[];
  totals: QuoteTotals;
  /** YYYY-MM-DD: the first month's start the totals are priced from. */
  start: string;
  customerNote: string | null;
  internalMemo: string | null;
  /** YYYY-MM-DD. */
  validUntil: string;
  terms: { version: string; text: string };
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  viewCount: number;
  acceptedAt: string | null;
  acceptedName: string | null;
  acceptedRole: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  withdrawnAt: string | null;
  /** The customer's page, `/quote/{token}`, once sent; null for a draft (its token is never shown before). */
  customerPath: string | null;
}

/** A quote as its customer sees it at /quote/{token}: the document, its status as of today, and what the customer has already answered. */
export interface CustomerQuote {
  status: QuoteStatus;
  document: QuoteDocument;
  /** SHA-256 of `document`'s canonical JSON as drawn now: the accept form carries it back; an acceptance is of exactly the document with this fingerprint. */
  fingerprint: string;
  /** When superseded: the customer's page of the version that replaces it. */
  supersededByPath: string | null;
  acceptance: { fullName: string; role: string; acceptedAt: string; contentHash: string } | null;
  declinedAt: string | null;
  declineReason: string | null;
}

/** The customer's page of a sent quote. */
export function customerQuotePath(token: string): string {
  return `/quote/${token}`;
}

/** "Q1", "Q2": a quote's version as staff and customers read it, after the lead's reference. */
export function quoteVersionLabel(version: number): string {
  return `Q${version}`;
}

/** "CLB-2026-123456-Q1": a quote's reference, its lead's and its version. */
export function quoteReference(leadReference: string, version: number): string {
  return `${leadReference}-${quoteVersionLabel(version)}`;
}
