import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { AdminRole, ContactSubject, LeadActivityKind, LeadStatus, StockImageLocation } from "~/lib/enums";
import type { ConsentRecordsTable, SuppressionsTable } from "~/lib/database-consent-types";
import type { DataRequestsTable, RetentionRunsTable } from "~/lib/database-data-protection-types";
import type { QuotesTable } from "~/lib/database-quote-types";
import type { TariffsTable } from "~/lib/database-tariff-types";

/** The tables as the migrations create them. Timestamps are ISO-8601 UTC text. */

export interface LeadsTable {
  id: Generated<number>;
  reference: string;
  status: Generated<LeadStatus>;
  teamSize: string;
  contractExpiry: string;
  businessType: string;
  businessName: string;
  postcode: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string | null;
  contractLength: string | null;
  jobTitle: string | null;
  requirements: string | null;
  sourcePage: string | null;
  submissionToken: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the lead webhook received it; null until then (or with no webhook). */
  webhookDeliveredAt: string | null;
  /** When staff first moved it on from New; null while it is new. Never set on insert. */
  firstContactedAt: ColumnType<string | null, never, string | null>;
  /** The staff member who owns the lead; null while unassigned. */
  assignedTo: ColumnType<string | null, never, string | null>;
  /** The phone number's last ten digits, computed by the database (possible duplicates). */
  phoneKey: ColumnType<string, never, never>;
  /** The phone number as normalisePhone makes it ("07700900123"), computed by the database (migration 0023); null for none. A person is matched by it. */
  phoneNormalised: ColumnType<string | null, never, never>;
  /** JSON TariffSnapshot (app/lib/tariffs.ts): the deal the visitor chose; null for none. */
  tariff: string | null;
  /** JSON TariffSnapshot[]: up to three deals that fit the answers, shown on the thank-you step. */
  tariffShortlist: string | null;
  /** When the personal details were cleared (retention or erasure, migration 0022); null while kept. */
  anonymisedAt: ColumnType<string | null, never, string | null>;
}

export interface WizardFunnelTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The step the answer reached: 2 to 5, and 6 for a request sent. */
  step: number;
  count: number;
}

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  company: string;
  position: string;
  content: string;
  rating: number;
  featured: 0 | 1;
  date: string;
  importKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StockImagesTable {
  id: Generated<number>;
  filename: string;
  originalName: string;
  description: string | null;
  location: StockImageLocation;
  size: number;
  contentType: string;
  createdAt: string;
  /** Pixel size, upright; null until read from the file (images stored before sizes were recorded). */
  width: number | null;
  height: number | null;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  isActive: 0 | 1;
  profileImageUrl: string | null;
  passwordHash: string | null;
  /** Set while the password is a temporary one (handed out, not chosen): it must be changed, and stops working then. */
  temporaryPasswordExpiresAt: string | null;
  /** The sign-in provider's issuer and subject, bound at the first sign-in through it. */
  providerIssuer: string | null;
  providerSubject: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Failed sign-ins for an account (the email as typed, lower-cased) from one
 * client, or from every client together when clientKey is "*".
 */
export interface SignInThrottleTable {
  accountKey: string;
  clientKey: string;
  failures: number;
  lastFailedAt: string;
  blockedUntil: string | null;
}

export interface SessionsTable {
  /** The SHA-256 (hex) of the session id; only the browser's cookie carries the id itself. */
  id: string;
  adminUserId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A temporary password waiting to be shown once to the session that made it (models/temporary-password-notices.server.ts). */
export interface TemporaryPasswordNoticesTable {
  /** The session's sessions.id (hashed). */
  sessionId: string;
  /** The notice, sealed with a key drawn from the session id the cookie carries (never stored). */
  sealed: string;
  expiresAt: string;
}

export interface ContactEnquiriesTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  subject: ContactSubject;
  message: string;
  createdAt: string;
  /** When the personal details were cleared (retention or erasure, migration 0022); null while kept. */
  anonymisedAt: ColumnType<string | null, never, string | null>;
  /** The contact number as normalisePhone makes it, computed by the database (migration 0023); null for none. A person is matched by it. */
  phoneNormalised: ColumnType<string | null, never, never>;
}

export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  firstName: string | null;
  lastName: string | null;
  sourcePage: string | null;
  createdAt: string;
  updatedAt: string;
  /** Double opt-in (migration 0022): a subscriber only once confirmed and not unsubscribed. */
  confirmedAt: string | null;
  /** SHA-256 (hex) of the emailed confirmation token; null once confirmed. */
  confirmationTokenHash: string | null;
  confirmationExpiresAt: string | null;
  unsubscribedAt: string | null;
  /**
   * When the address last signed up (migration 0025): its first sign-up, or a later one while
   * unconfirmed. Unconfirmed sign-ups are kept NEWSLETTER_UNCONFIRMED_DAYS from it; null: createdAt.
   */
  lastSignedUpAt: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actorId: string | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: string;
  /** A failed sign-in's typed email, trimmed and lower-cased (migration 0023); null for every other entry. A person is matched by it, never by the summary. */
  signInEmail: Generated<string | null>;
}

export interface LeadActivityTable {
  id: Generated<number>;
  leadId: number;
  kind: LeadActivityKind;
  actorId: string | null;
  actorName: string;
  body: string;
  createdAt: string;
}

export interface OutboxTable {
  id: Generated<number>;
  /** A DeliveryKind (app/lib/outbox.ts). */
  kind: string;
  leadId: number | null;
  /** The contact enquiry it tells of (its staff email); deleted with it. */
  enquiryId: Generated<number | null>;
  /** The JSON body to send, fixed when the row is written. */
  payload: string;
  /**
   * An email to a person (not to staff, not the webhook): its recipient, trimmed and lower-cased
   * (migration 0023); null otherwise and once the copy is purged (OUTBOX_KEEP_DAYS after it went). A person is matched by it, never by the copy.
   */
  recipientEmail: Generated<string | null>;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  createdAt: string;
}

/** How many leads have each status, kept by triggers on leads (migration 0010). */
export interface LeadStatusCountsTable {
  status: LeadStatus;
  count: number;
}

/** One row (id 1) whose version the database bumps on every change to what public pages show (migration 0011). */
export interface PublicContentVersionTable {
  id: number;
  version: number;
}

/** Rate-limit windows shared by a fleet's machines; Postgres only (migration 0016). */
export interface RateLimitWindowsTable {
  key: string;
  count: number;
  resetsAt: string;
}

/**
 * Quote confirmations queued per recipient per day (UTC), so one address gets
 * at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY across machines and restarts
 * (migration 0017). The address is kept only as a hash; past days are deleted.
 */
export interface ConfirmationEmailCountsTable {
  recipientKey: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  count: number;
}

export interface Database {
  leads: LeadsTable;
  leadStatusCounts: LeadStatusCountsTable;
  testimonials: TestimonialsTable;
  stockImages: StockImagesTable;
  adminUsers: AdminUsersTable;
  sessions: SessionsTable;
  temporaryPasswordNotices: TemporaryPasswordNoticesTable;
  signInThrottle: SignInThrottleTable;
  contactEnquiries: ContactEnquiriesTable;
  newsletterSignups: NewsletterSignupsTable;
  auditLog: AuditLogTable;
  leadActivity: LeadActivityTable;
  outbox: OutboxTable;
  wizardFunnel: WizardFunnelTable;
  publicContentVersion: PublicContentVersionTable;
  rateLimitWindows: RateLimitWindowsTable;
  confirmationEmailCounts: ConfirmationEmailCountsTable;
  tariffs: TariffsTable;
  quotes: QuotesTable;
  consentRecords: ConsentRecordsTable;
  suppressions: SuppressionsTable;
  retentionRuns: RetentionRunsTable;
  dataRequests: DataRequestsTable;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type StockImageRow = Selectable<StockImagesTable>;
export type AdminUserRow = Selectable<AdminUsersTable>;
export type ContactEnquiryRow = Selectable<ContactEnquiriesTable>;
export type NewsletterSignupRow = Selectable<NewsletterSignupsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type LeadActivityRow = Selectable<LeadActivityTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type TariffRow = Selectable<TariffsTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type ConsentRecordRow = Selectable<ConsentRecordsTable>;
