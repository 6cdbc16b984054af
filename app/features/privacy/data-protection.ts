/**
 * Data protection (UK GDPR, PECR): the kinds of a person's requests, their statuses, what the retention job does, and the one-month due date. One source of
 * truth for the portal's Data protection screens, the register and the retention job (app/features/privacy/retention.server.ts, person-*.server.ts).
 */

import { countOf } from "~/lib/plural";

/** The requests a person may make that the register tracks (ICO: right of access, to erasure, to object). */
export const DATA_REQUEST_KINDS = ["access", "erasure", "objection", "rectification"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  access: "Access (a copy of their data)",
  erasure: "Erasure",
  objection: "Objection / unsubscribe",
  rectification: "Correction",
};

export const DATA_REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  open: "Open",
  done: "Done",
  refused: "Refused",
};

/**
 * The day a request received on `receivedOn` (YYYY-MM-DD) must be answered by: one calendar month later, or the last day of that month when it has no such day
 * (ICO: received 31 January, due 28 or 29 February).
 */
export function dataRequestDueOn(receivedOn: string): string {
  const [year, month, day] = receivedOn.split("-").map(Number) as [number, number, number];
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextYear = month === 12 ? year + 1 : year;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const dueDay = Math.min(day, lastDay);
  return `${nextYear}-${String(nextMonth).padStart(2, "0")}-${String(dueDay).padStart(2, "0")}`;
}

/** Whether an open request is past its due day on `today` (YYYY-MM-DD). */
export function isDataRequestOverdue(request: { status: DataRequestStatus; dueOn: string }, today: string): boolean {
  return request.status === "open" && request.dueOn < today;
}

/** What one retention run does, in the order it does it; each run reports a count per kind (app/features/privacy/retention.server.ts). */
export const RETENTION_KINDS = [
  // First: anonymising a lead or an order clears its PACs too, which would leave this rule less than a dry run counted.
  "pacs",
  "leads",
  // Before customers: an order's contracts are counted here, and anonymising the customer would anonymise its orders with it.
  "orders",
  "customers",
  "enquiries",
  "unconfirmedNewsletterSignups",
  "outboxDeliveries",
  "sessions",
  "signInThrottle",
  "auditDetails",
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionCounts = Record<RetentionKind, number>;

export const RETENTION_KIND_LABELS: Record<RetentionKind, string> = {
  pacs: "PACs cleared (30 days after issue)",
  orders: "Orders anonymised (contracts ended)",
  leads: "Leads anonymised (no activity, not customers)",
  customers: "Customers anonymised (contract ended)",
  enquiries: "Contact enquiries anonymised",
  unconfirmedNewsletterSignups: "Unconfirmed newsletter sign-ups deleted",
  outboxDeliveries: "Sent emails and webhooks deleted",
  sessions: "Expired staff sessions deleted",
  signInThrottle: "Old failed sign-in records deleted",
  auditDetails: "Audit entries with personal details removed",
};

export const RETENTION_RUN_MODES = ["dry_run", "apply"] as const;
export type RetentionRunMode = (typeof RETENTION_RUN_MODES)[number];

/** Who started a run: the server's daily schedule, an operator's `npm run retention`, or a staff member on the screen. */
export const RETENTION_RUN_TRIGGERS = ["schedule", "operator", "staff"] as const;
export type RetentionRunTrigger = (typeof RETENTION_RUN_TRIGGERS)[number];

/** What an anonymised text field reads afterwards (a NOT NULL column cannot be emptied to null). */
export const ANONYMISED_TEXT = "";

/** What replaces a removed note or timeline entry's words, and personal details in audit summaries. */
export const REMOVED_WORDS = "[removed]";

/** How the audit log and toasts name a request of each kind: "an erasure request". */
export const DATA_REQUEST_KIND_NOUNS: Record<DataRequestKind, string> = {
  access: "an access request",
  erasure: "an erasure request",
  objection: "an objection",
  rectification: "a correction request",
};

/** The request register's screen (the Data protection screens' "Requests" tab). */
export const DATA_REQUESTS_PATH = "/admin/data-protection/requests";

/** Rows on one page of the register, as the other staff lists. */
export const DATA_REQUESTS_PAGE_SIZE = 50;

/** The register's "Overdue only" filter: `?overdue=yes`. */
export const DATA_REQUEST_OVERDUE_FILTER = "yes";
export const DATA_REQUEST_OVERDUE_LABEL = "Overdue only";

/** The register's overdue requests, as the dashboard links to them. */
export const OVERDUE_DATA_REQUESTS_HREF = `${DATA_REQUESTS_PATH}?overdue=${DATA_REQUEST_OVERDUE_FILTER}`;

/** "3 data requests overdue": the dashboard's flag. */
export function overdueDataRequestsText(count: number): string {
  return `${countOf(count, "data request")} overdue`;
}

/** One request in the register as staff see it (the screens and the JSON API). */
export interface DataRequest {
  id: number;
  kind: DataRequestKind;
  status: DataRequestStatus;
  /** YYYY-MM-DD. */
  receivedOn: string;
  /** YYYY-MM-DD: one calendar month after it was received. */
  dueOn: string;
  /** The email address or phone number given; null once the person was erased. */
  contact: string | null;
  notes: string | null;
  handledBy: string | null;
  handledByName: string | null;
  /** YYYY-MM-DD: when it was marked done or refused. */
  closedOn: string | null;
  /** Open and past its due day, as of the UK's today. */
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The register's words, in one place (screens, toasts, the schema's messages). */
export const DATA_REQUEST_TEXT = {
  kindMissing: "Choose the kind of request",
  statusInvalid: "Choose open, done or refused",
  receivedOnInvalid: "Enter the day the request was received as a real date, e.g. 26/11/2026",
  receivedOnFuture: "The day received cannot be in the future",
  contactMissing: "Enter the person's email address or phone number",
  contactInvalid: "Enter a valid email address or phone number",
  handlerInvalid: "Choose a member of staff who may handle data protection",
  notesTooLong: "Keep the notes under 2,000 characters",
  nothingToChange: "Send at least one field to change",
  notFound: "Request not found",
  recorded: "Request recorded",
  updated: "Request updated",
  markedDone: "Request marked done",
  invalid: "Invalid request",
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with each of `words` replaced by REMOVED_WORDS in any case; longest first, so "Jane Smith" goes whole before "Jane" leaves "[removed] Smith". */
export function withoutWordsIgnoringCase(text: string, words: readonly string[]): string {
  if (words.length === 0) return text;
  const pattern = new RegExp(
    [...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "gi",
  );
  return text.replace(pattern, REMOVED_WORDS);
}

/** The audit log's entity types of records that name a person, as the models write them (recordAudit). */
export const PERSONAL_AUDIT_ENTITY_TYPES = {
  lead: "lead",
  quote: "quote",
  enquiry: "contact_enquiry",
  newsletterSignup: "newsletter_signup",
  order: "order",
} as const;
