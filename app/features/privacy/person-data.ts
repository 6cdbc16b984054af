import type { OutboxRow } from "~/platform/database-types";
import type { DataRequestRow } from "./privacy-tables";
import type { AuditLogRow } from "~/features/staff";
import type { ConsentRecordRow, LeadActivityRow, LeadRow } from "~/features/leads";
import type { ContactEnquiryRow, NewsletterSignupRow } from "~/features/inbox";
import type { QuoteRow } from "~/features/quotes";
import type { ContractRow, PersonalOrder } from "~/features/orders";
import { formatDateTime } from "~/lib/calendar";
import { countOf } from "~/lib/plural";

/**
 * Everything held about one person (UK GDPR: right of access, erasure, objection), as staff find it by email or phone on the Data protection screen
 * (app/features/privacy/person-search.server.ts) and as the access export downloads it. Keys the person has no use for (link tokens, hashes, the columns they
 * are matched by) are left out; the export also replaces the links in the emails' copies with words (app/features/privacy/person-export.ts).
 */

/** What staff searched for, normalised (normaliseEmail / normalisePhone); null when not given. */
export interface PersonQuery {
  email: string | null;
  phone: string | null;
}

export type PersonLead = Omit<LeadRow, "submissionToken" | "phoneKey" | "phoneNormalised">;
export type PersonLeadActivity = LeadActivityRow;
export type PersonQuote = Omit<QuoteRow, "token" | "termsText" | "acceptedContentHash"> & { leadReference: string };
/**
 * An order of theirs with its lines, never a PAC (only its last three characters); found by a line's mobile number only, just their lines, without the
 * business's contacts (app/features/orders/order-privacy.server.ts).
 */
export type PersonOrder = PersonalOrder & { leadReference: string | null };
/** A contract of one of their orders' lines: the tariff, term, start, end and monthly value. */
export type PersonContract = ContractRow & { orderReference: string };
export type PersonEnquiry = Omit<ContactEnquiryRow, "phoneNormalised">;
export type PersonNewsletterSignup = Omit<NewsletterSignupRow, "confirmationTokenHash">;
export type PersonConsentRecord = ConsentRecordRow;
/** An email or webhook sent (or waiting to be sent) about them, with the copy it carries. */
export type PersonOutboxRow = OutboxRow;
export type PersonAuditEntry = AuditLogRow;
/** Without the contact's keyed hash (contactKey), which the register is matched by. */
export type PersonDataRequest = Omit<DataRequestRow, "contactKey">;

/** Failed staff sign-ins typed with their email, as the sign-in throttle counts them. */
export interface PersonSignInFailures {
  accountKey: string;
  failures: number;
  lastFailedAt: string;
}

export interface PersonRecord {
  query: PersonQuery;
  leads: PersonLead[];
  /** The leads' notes and timeline. */
  leadActivity: PersonLeadActivity[];
  quotes: PersonQuote[];
  orders: PersonOrder[];
  contracts: PersonContract[];
  enquiries: PersonEnquiry[];
  newsletterSignups: PersonNewsletterSignup[];
  consentRecords: PersonConsentRecord[];
  outbox: PersonOutboxRow[];
  auditEntries: PersonAuditEntry[];
  signInFailures: PersonSignInFailures[];
  /** Their requests in the register (matched by the keyed hash of the email or phone). */
  dataRequests: PersonDataRequest[];
  /** Whether the email / phone is on the suppression list; null when not searched for. */
  suppressed: { email: boolean | null; phone: boolean | null };
}

/** The record as the screen shows it: the outbox rows without their copies (the downloads carry those). */
export type StaffPersonRecord = Omit<PersonRecord, "outbox"> & { outbox: Array<Omit<PersonOutboxRow, "payload">> };

/** Whether anything personal was found (the suppression list and the register alone are not the person's data). */
export function personFound(record: PersonRecord | StaffPersonRecord): boolean {
  const lists = [
    record.leads,
    record.orders,
    record.enquiries,
    record.newsletterSignups,
    record.consentRecords,
    record.outbox,
    record.auditEntries,
    record.signInFailures,
  ];
  return lists.some((list) => list.length > 0);
}

/** A person's erasure as the product recorded it: when, and which member of staff (null when only the suppression list says so). */
export interface PersonErasure {
  at: string;
  by: string | null;
}

/**
 * After an erasure, while nothing personal is held again: what the person's page, its dialogs and downloads say instead of offering Download, Erase or
 * Object (the server refuses those with the same words).
 */
export function nothingHeldSinceErasure(who: string, erasure: PersonErasure): string {
  return `Nothing is held about ${who} now: they were erased on ${formatDateTime(erasure.at)}${erasure.by ? ` by ${erasure.by}` : ""}.`;
}

/**
 * "1 lead, 2 enquiries and 1 newsletter sign-up": what a person's search, erasure and its confirmation say they had; their orders ("1 lead, 1 order, ...")
 * when they have any (most people found have none).
 */
export function personCountsInWords(counts: { leads: number; orders?: number; enquiries: number; newsletterSignups: number }): string {
  const orders = counts.orders ? `${countOf(counts.orders, "order")}, ` : "";
  return `${countOf(counts.leads, "lead")}, ${orders}${countOf(counts.enquiries, "enquiry", "enquiries")} and ${countOf(counts.newsletterSignups, "newsletter sign-up")}`;
}

/** Where the product sends copies, for "who it was sent to": the lead webhook's host and the staff's notification addresses. */
export interface DeliverySettings {
  /** LEAD_WEBHOOK_URL's host; null with no webhook. */
  webhookHost: string | null;
}

/** Who an outbox row was (or will be) sent to: an email's addresses, or the lead webhook's host. */
export function deliveryRecipients(row: { kind: string; payload: string }, settings: DeliverySettings): string[] {
  if (row.kind === "lead.webhook") return [`Lead webhook${settings.webhookHost ? ` (${settings.webhookHost})` : ""}`];
  try {
    const payload = JSON.parse(row.payload) as { to?: unknown };
    if (Array.isArray(payload.to)) return payload.to.filter((to): to is string => typeof to === "string");
  } catch {
    // A payload that is not JSON names no one.
  }
  return [];
}

export function deliveryState(row: { deliveredAt: string | null; failedAt: string | null }): "sent" | "failed" | "waiting" {
  return row.deliveredAt ? "sent" : row.failedAt ? "failed" : "waiting";
}
