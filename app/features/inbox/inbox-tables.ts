import type { ColumnType, Generated, Selectable } from "kysely";
import type { ContactSubject } from "./contact-subjects";

/** The tables this capability adds to the one database type (below). */
export interface InboxTables {
  contactEnquiries: ContactEnquiriesTable;
  newsletterSignups: NewsletterSignupsTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends InboxTables {}
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

export type ContactEnquiryRow = Selectable<ContactEnquiriesTable>;
export type NewsletterSignupRow = Selectable<NewsletterSignupsTable>;
