import type { Brand } from "~/platform/brand";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { type EmailContent } from "~/platform/email-content";
import { htmlDocument, htmlLink, signature } from "~/platform/email-layout";
import { escapeHtml } from "~/lib/html";
import { describeCharge, documentLinesByGroup } from "./quote-words";
import type { QuoteDocument } from "./quotes";

/** Each line in the email: its description, charge and amount, then the steps that make the amount and its rises. */
function emailLines(quote: QuoteForCustomerEmail): Array<{ heading: string; working: string[] }> {
  return documentLinesByGroup(quote.lines).flatMap(({ label, lines }) =>
    lines.map(({ line, index, working }) => ({
      heading: `${label}: ${line.description} (${describeCharge(line).toLowerCase()}): ${formatPounds(quote.lines.totals.lines[index]?.amountExVatPence ?? 0)}${line.charge === "monthly" ? " a month" : ""} ex VAT`,
      working: [...working.steps, ...working.priceRises],
    })),
  );
}

/** The emails a quote causes, as plain text and HTML (pure, like lead-emails.ts: the outbox stores what these return). Every value is escaped in the HTML. */

/** What the customer's email says of a sent quote. */
export interface QuoteForCustomerEmail {
  /** e.g. "CLB-2026-123456-Q1". */
  reference: string;
  monthlyExVatPence: number;
  oneOffExVatPence: number;
  /** The lines, each with its amount and how it is made, as the quote's page shows them. */
  lines: Pick<QuoteDocument, "lines" | "start" | "totals">;
  /** YYYY-MM-DD. */
  validUntil: string;
  /** The absolute link to the customer's page, `${APP_URL}/quote/{token}`. */
  url: string;
}

/** "£33.60 a month and £75.00 one-off, ex VAT": what is quoted, in one line. */
export function quotedInOneLine(quote: Pick<QuoteForCustomerEmail, "monthlyExVatPence" | "oneOffExVatPence">): string {
  const parts = [
    ...(quote.monthlyExVatPence > 0 || quote.oneOffExVatPence === 0 ? [`${formatPounds(quote.monthlyExVatPence)} a month`] : []),
    ...(quote.oneOffExVatPence > 0 ? [`${formatPounds(quote.oneOffExVatPence)} one-off`] : []),
  ];
  return `${parts.join(" and ")}, ex VAT`;
}

/** To the customer: the link, reference, figures and validity only (the quote itself is on its page, where it can be accepted). Replies go to the brand. */
export function quoteCustomerEmail(quote: QuoteForCustomerEmail, brand: Brand): EmailContent {
  const subject = `Your quote ${quote.reference} from ${brand.name}`;
  const intro = `Thank you for asking ${brand.name} for a quote. Here it is: read it, download it as a PDF, and accept or decline it online.`;
  const quoted = `Quoted: ${quotedInOneLine(quote)}`;
  const valid = `Valid until: ${formatCalendarDay(quote.validUntil)}`;
  const questions = `Questions? Reply to this email or call us on ${brand.phone}, quoting ${quote.reference}.`;
  const footer = signature(brand);
  const lines = emailLines(quote);
  const linesText = lines.map((line) => [`- ${line.heading}`, ...line.working.map((step) => `    ${step}`)].join("\n")).join("\n");
  const linesHtml = lines
    .map(
      (line) =>
        `<li style="margin-bottom:8px">${escapeHtml(line.heading)}${line.working.length ? `<br><span style="color:#475569;font-size:13px">${line.working.map(escapeHtml).join("<br>")}</span>` : ""}</li>`,
    )
    .join("");
  return {
    subject,
    text: [
      "Hello,",
      intro,
      `Reference: ${quote.reference}\n${quoted}\n${valid}`,
      ...(lines.length ? [`What is quoted:\n${linesText}`] : []),
      `Your quote: ${quote.url}`,
      questions,
      footer.text,
    ].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(intro)}</p><p>Reference: <strong style="font-family:monospace;font-size:16px">${escapeHtml(
        quote.reference,
      )}</strong><br>${escapeHtml(quoted)}<br>${escapeHtml(valid)}</p>${
        lines.length ? `<p>What is quoted:</p><ul style="padding-left:20px">${linesHtml}</ul>` : ""
      }<p>${htmlLink(quote.url, `Open your quote ${quote.reference}`)}</p><p>${escapeHtml(questions)}</p>${footer.html}`,
    ),
  };
}

/** What the customer did that the quote's owner is told of: the first view, an acceptance, a decline. */
export type QuoteStaffNews =
  { kind: "viewed"; at: string } | { kind: "accepted"; at: string; fullName: string; role: string } | { kind: "declined"; at: string; reason: string | null };

/** The quote as its owner's email names it. */
export interface QuoteForStaffEmail {
  /** e.g. "CLB-2026-123456-Q1". */
  reference: string;
  businessName: string;
  monthlyExVatPence: number;
  oneOffExVatPence: number;
}

const STAFF_NEWS_VERBS: Record<QuoteStaffNews["kind"], string> = { viewed: "opened", accepted: "accepted", declined: "declined" };

const STAFF_NEWS_NEXT: Record<QuoteStaffNews["kind"], string> = {
  viewed: "A good moment to call and answer any questions.",
  accepted: "The lead is now Converted: time to place the order.",
  declined: "Call to find out what would suit them better.",
};

/** To the lead's owner (or LEAD_NOTIFY_TO): the customer opened, accepted or declined a quote, with the link to the lead in the portal. */
export function quoteStaffEmail(quote: QuoteForStaffEmail, news: QuoteStaffNews, brand: Brand, leadUrl: string): EmailContent {
  const verb = STAFF_NEWS_VERBS[news.kind];
  const subject = `Quote ${quote.reference} ${verb} by ${quote.businessName}`;
  const headline = `${quote.businessName} ${verb} quote ${quote.reference}.`;
  const rows: Array<[string, string]> = [
    ["Quote", quote.reference],
    ["Quoted", quotedInOneLine(quote)],
    [news.kind === "viewed" ? "First opened" : news.kind === "accepted" ? "Accepted" : "Declined", formatDateTime(news.at)],
    ...(news.kind === "accepted" ? [["Accepted by", `${news.fullName}, ${news.role}`] as [string, string]] : []),
    ...(news.kind === "declined" ? [["Reason", news.reason ?? "None given"] as [string, string]] : []),
  ];
  const next = STAFF_NEWS_NEXT[news.kind];
  const footer = signature(brand);
  return {
    subject,
    text: [headline, rows.map(([label, value]) => `${label}: ${value}`).join("\n"), next, `Open the lead in the portal: ${leadUrl}`, footer.text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>${escapeHtml(headline)}</p><table cellpadding="4" cellspacing="0" style="border-collapse:collapse">${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top" style="padding-right:16px">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table><p>${escapeHtml(next)}</p><p>${htmlLink(leadUrl, `Open the lead in the portal`)}</p>${footer.html}`,
    ),
  };
}
