import type { NewsletterStatus } from "./newsletter";
import { FOOTER_LINKS } from "~/features/content";
import type { ContactSubject } from "./contact-subjects";

/** The contact enquiries and newsletter sign-ups that staff work like leads. */

export const INBOX_PAGE_SIZE = 50;

/** A contact enquiry as the enquiries table shows it: the message cut to one line. */
export interface EnquirySummary {
  id: number;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  subject: ContactSubject;
  excerpt: string;
}

/** The newsletter table's columns: every field of a sign-up but the last update. */
export interface SubscriberSummary {
  id: number;
  createdAt: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  sourcePage: string | null;
  /** Pending until confirmed (double opt-in); only Subscribed ones are counted and exported. */
  status: NewsletterStatus;
}

/** The totals above each inbox, across every entry whatever the search. */
export interface InboxCounts {
  total: number;
  /** Since Monday 00:00 UK time. */
  thisWeek: number;
}

export interface InboxPage<Entry> {
  entries: Entry[];
  /** Entries matching the search, across all pages. */
  total: number;
  page: number;
  pageCount: number;
}

/** The excerpt's length, in characters, before it is cut with an ellipsis. */
export const EXCERPT_LENGTH = 120;

/** A message as one line of at most `EXCERPT_LENGTH` characters. */
export function messageExcerpt(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : line;
}

const PAGE_NAMES: Record<string, string> = Object.fromEntries([["/", "Home"], ...FOOTER_LINKS.map((link) => [link.to, link.label])]);

/** The page a sign-up came from, by the name the footer gives it ("About Us"), or its path. */
export function sourcePageName(path: string | null): string | null {
  if (!path) return null;
  return PAGE_NAMES[path] ?? path;
}

/** "Sam Patel", or null when a subscriber gave no name. */
export function subscriberName(subscriber: Pick<SubscriberSummary, "firstName" | "lastName">): string | null {
  return [subscriber.firstName, subscriber.lastName].filter(Boolean).join(" ") || null;
}
