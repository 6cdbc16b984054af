import type { PersonOutboxRow, PersonQuery, PersonRecord } from "./person-data";
import type { RetentionPeriod } from "./retention-screen";

/**
 * The access export's shape (UK GDPR article 15): for each kind of record, why it is kept, where it came from, how long it is kept and who it was sent to, then
 * the records themselves. The JSON download is this object; the readable page (person-export-page.ts) shows the same in words.
 */

type SectionKey = Exclude<keyof PersonRecord, "query" | "suppressed">;

export interface PersonExportSection {
  key: SectionKey;
  title: string;
  purpose: string;
  source: string;
  retention: string;
  recipients: string[];
  records: unknown[];
}

export interface PersonExport {
  generatedAt: string;
  controller: { name: string; email: string };
  searchedFor: PersonQuery;
  onSuppressionList: PersonRecord["suppressed"];
  sections: PersonExportSection[];
}

export const PERSON_EXPORT_SECTIONS: ReadonlyArray<{ key: SectionKey; title: string; purpose: string; source: string; retention: RetentionPeriod }> = [
  {
    key: "leads",
    title: "Quote requests",
    purpose: "To prepare the quote you asked for and follow it up (steps taken at your request before a contract)",
    source: "You, on the quote form of our website",
    retention: "quoteRequests",
  },
  {
    key: "leadActivity",
    title: "Notes and timeline of your quote requests",
    purpose: "Our staff's record of working on your request",
    source: "Our staff",
    retention: "quoteRequests",
  },
  {
    key: "quotes",
    title: "Quotes",
    purpose: "The quote we made you and your answer to it; an accepted quote is the record of the contract",
    source: "Our staff, and you when you accepted or declined it",
    retention: "customers",
  },
  {
    key: "orders",
    title: "Orders",
    purpose: "To place the order you completed with the network, deliver it and move your numbers across (performing the contract)",
    source: "You, on your quote's order page, and our staff as the order went through",
    retention: "orders",
  },
  {
    key: "contracts",
    title: "Contracts",
    purpose: "The record of each line's contract: its tariff, term, start, end and monthly price, for billing, support and renewal",
    source: "Made by our website when your order went live",
    retention: "customers",
  },
  {
    key: "enquiries",
    title: "Contact enquiries",
    purpose: "To answer your enquiry",
    source: "You, on the contact form of our website",
    retention: "enquiries",
  },
  {
    key: "newsletterSignups",
    title: "Newsletter sign-ups",
    purpose: "To send you the newsletter you asked for (with your consent)",
    source: "You, on the newsletter form of our website",
    retention: "newsletter",
  },
  {
    key: "consentRecords",
    title: "Consent records",
    purpose: "Proof of your consent to marketing email, and of its withdrawal (PECR)",
    source: "You: the box you ticked on the quote form, or the newsletter form",
    retention: "consentRecords",
  },
  {
    key: "outbox",
    title: "Emails and webhooks sent about you",
    purpose: "Sending them, and trying again until they are delivered",
    source: "Made by our website from the records above",
    retention: "outbox",
  },
  {
    key: "auditEntries",
    title: "Audit log entries",
    purpose: "Security and accountability: which member of staff did what, and when",
    source: "Our systems",
    retention: "auditLog",
  },
  {
    key: "signInFailures",
    title: "Failed staff sign-ins typed with your email",
    purpose: "Protecting staff accounts from password guessing",
    source: "Whoever typed your email on our staff sign-in page",
    retention: "signInRecords",
  },
  {
    key: "dataRequests",
    title: "Your requests to us",
    purpose: "Answering your data protection requests within one month, as the law requires",
    source: "You, recorded by our staff",
    retention: "dataRequests",
  },
];

/**
 * What each link in an email's copy becomes in the export, by its path: words saying what was there, opening nothing (a quote link lets its holder accept the
 * quote, a confirmation link subscribes its address, an unsubscribe link unsubscribes it; the export may be read by others than its owner).
 */
const LINK_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/quote\//i, "[link to your quote removed]"],
  [/^\/newsletter\/confirm\//i, "[confirmation link removed]"],
  [/^\/unsubscribe\//i, "[unsubscribe link removed]"],
  [/^\/admin(\/|$)/i, "[link to our staff portal removed]"],
];
/** Any other link: whatever it carries, it is not the person's data. */
const OTHER_LINK_WORDS = "[link removed]";

/** An absolute link (up to a space, quote, bracket or backslash), or a token link's path written without its site. */
const LINK = /\bhttps?:\/\/[^\s"'<>\\]+|(?<![\w/.])\/(?:quote|newsletter\/confirm|unsubscribe)\/[\w.~%-]+/gi;
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function linkWords(link: string): string {
  let path = link;
  if (/^https?:/i.test(link)) {
    try {
      path = new URL(link).pathname;
    } catch {
      return OTHER_LINK_WORDS;
    }
  }
  return LINK_WORDS.find(([pattern]) => pattern.test(path))?.[1] ?? OTHER_LINK_WORDS;
}

/** `text` with every link replaced by words saying what it was. */
export function withoutLinks(text: string): string {
  return text.replace(LINK, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    return linkWords(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  return value;
}

/** An email's or webhook's row as the export gives it: its copy (a JSON text) with every link replaced by words. */
export function outboxRowWithoutLinks(row: PersonOutboxRow): PersonOutboxRow {
  let copy: string;
  try {
    copy = JSON.stringify(mapStrings(JSON.parse(row.payload), withoutLinks));
  } catch {
    // An emptied copy, or one that is not JSON: its text as it is, less its links.
    copy = withoutLinks(row.payload);
  }
  return { ...row, payload: copy };
}
