import type { PersonOutboxRow, PersonQuery, PersonRecord } from "./person-data";
import type { RetentionPeriod } from "./retention-screen";
import { escapeHtml } from "~/lib/html";
import { titleWithCount } from "~/lib/plural";

/**
 * The access export's shape (UK GDPR article 15): for each kind of record, why it is kept, where it came from, how long it is kept and who it was sent to, then
 * the records themselves. The JSON download is this object; the readable page (personExportHtml) shows the same.
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

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

function recordTable(record: unknown): string {
  const rows = Object.entries(record as Record<string, unknown>)
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(valueText(value))}</td></tr>`)
    .join("");
  return `<table>${rows}</table>`;
}

/** The export as one plain, self-contained HTML document (no scripts, styles inline), every value escaped. */
export function personExportHtml(data: PersonExport): string {
  const who = [data.searchedFor.email, data.searchedFor.phone].filter(Boolean).join(" / ");
  const yesNo = (value: boolean | null) => (value === null ? "not searched" : value ? "yes" : "no");
  const sections = data.sections
    .map(
      (section) => `<section>
<h2>${escapeHtml(titleWithCount(section.title, section.records.length))}</h2>
<dl>
<dt>Why we keep it</dt><dd>${escapeHtml(section.purpose)}</dd>
<dt>Where it came from</dt><dd>${escapeHtml(section.source)}</dd>
<dt>How long we keep it</dt><dd>${escapeHtml(section.retention)}</dd>
<dt>Who it was sent to</dt><dd>${escapeHtml(section.recipients.length ? section.recipients.join(", ") : "No one outside our staff")}</dd>
</dl>
${section.records.length ? section.records.map(recordTable).join("\n") : "<p>None held.</p>"}
</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data held by ${escapeHtml(data.controller.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}table{border-collapse:collapse;width:100%;margin:.75rem 0}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top;word-break:break-word}th{width:14rem;background:#f8fafc}dt{font-weight:600}dd{margin:0 0 .5rem}</style>
</head>
<body>
<h1>Your data held by ${escapeHtml(data.controller.name)}</h1>
<p>Everything we hold about ${escapeHtml(who)}, as of ${escapeHtml(data.generatedAt)}. Questions: ${escapeHtml(data.controller.email)}.</p>
<p>Email on our suppression list (never contacted again): ${yesNo(data.onSuppressionList.email)}. Phone on our suppression list: ${yesNo(data.onSuppressionList.phone)}.</p>
${sections}
</body>
</html>
`;
}
