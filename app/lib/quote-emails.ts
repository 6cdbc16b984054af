import type { Brand } from "./brand";
import { escapeHtml, htmlDocument, htmlLink, signature, type EmailContent } from "./lead-emails";
import { formatCalendarDay, formatPounds } from "./tariff-prices";

/**
 * The emails a quote causes, as plain text and HTML (pure, like
 * lead-emails.ts: the outbox stores what these return). Every value is
 * escaped in the HTML part.
 */

/** What the customer's email says of a sent quote. */
export interface QuoteForCustomerEmail {
  /** e.g. "CLB-2026-123456-Q1". */
  reference: string;
  monthlyExVatPence: number;
  oneOffExVatPence: number;
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

/**
 * To the customer: their quote's link. Only the reference, the figures and
 * the validity: the quote itself (lines, terms, contract summary) is on its
 * page, where it can be accepted. Replies go to the brand's address.
 */
export function quoteCustomerEmail(quote: QuoteForCustomerEmail, brand: Brand): EmailContent {
  const subject = `Your quote ${quote.reference} from ${brand.name}`;
  const intro = `Thank you for asking ${brand.name} for a quote. Here it is: read it, download it as a PDF, and accept or decline it online.`;
  const quoted = `Quoted: ${quotedInOneLine(quote)}`;
  const valid = `Valid until: ${formatCalendarDay(quote.validUntil)}`;
  const questions = `Questions? Reply to this email or call us on ${brand.phone}, quoting ${quote.reference}.`;
  const footer = signature(brand);
  return {
    subject,
    text: ["Hello,", intro, `Reference: ${quote.reference}\n${quoted}\n${valid}`, `Your quote: ${quote.url}`, questions, footer.text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(intro)}</p><p>Reference: <strong style="font-family:monospace;font-size:16px">${escapeHtml(
        quote.reference,
      )}</strong><br>${escapeHtml(quoted)}<br>${escapeHtml(valid)}</p><p>${htmlLink(quote.url, `Open your quote ${quote.reference}`)}</p><p>${escapeHtml(
        questions,
      )}</p>${footer.html}`,
    ),
  };
}
