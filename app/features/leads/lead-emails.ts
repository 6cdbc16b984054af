import type { EmailContent } from "~/platform/email-content";
import type { Brand } from "~/platform/brand";
import { dealFacts } from "~/features/tariffs";
import { storedSnapshot } from "./leads";
import type { TariffSnapshot } from "~/features/tariffs";
import { QUOTE_ANSWER_LABELS, QUOTE_REQUEST_FIELDS, QUOTE_THANK_YOU_TEXT, type QuoteRequestField } from "./quote-request";
import { formatDateTime } from "~/lib/calendar";
import { htmlDocument, htmlLink, htmlRows, signature, textRows, type Row } from "~/platform/email-layout";
import { escapeHtml } from "~/lib/html";
import { contractExpiryForStaff } from "./lead-lists";

/**
 * The emails a new lead causes, as plain text and HTML. Pure: the outbox stores what these return and the mailer sends it. Every value a visitor typed is
 * escaped in the HTML part.
 */

export type LeadForEmail = Record<QuoteRequestField, string | null> & {
  id: number;
  reference: string;
  createdAt: string;
  sourcePage: string | null;
  /** The stored JSON TariffSnapshot of the chosen deal, or null. */
  tariff: string | null;
};

/** The answers given, in the wizard's order, with their labels; unanswered optional ones left out. */
function answerRows(lead: LeadForEmail): Row[] {
  return (Object.keys(QUOTE_REQUEST_FIELDS) as QuoteRequestField[])
    .filter((field) => lead[field])
    .map((field) => [QUOTE_ANSWER_LABELS[field], field === "contractExpiry" ? contractExpiryForStaff(lead[field]!) : lead[field]!]);
}

const cameFrom = (sourcePage: string | null) => (sourcePage === "api" ? "API" : sourcePage || "Unknown");

/** To staff: a new quote request, with every answer and the link to the lead in the portal. */
export function newLeadStaffEmail(lead: LeadForEmail, brand: Brand, leadUrl: string): EmailContent {
  const subject = `New quote request ${lead.reference}: ${lead.businessName}`;
  const facts: Row[] = [
    ["Reference", lead.reference],
    ["Received", formatDateTime(lead.createdAt)],
    ["Came from", cameFrom(lead.sourcePage)],
  ];
  const footer = signature(brand);
  const deal = storedSnapshot<TariffSnapshot>(lead.tariff);
  const dealRows = deal ? dealFacts(deal) : [];
  return {
    subject,
    text: [
      "A new quote request has arrived. The visitor was promised a quote within 24 hours.",
      textRows(facts),
      textRows(answerRows(lead)),
      ...(deal ? [`Chosen deal (as the visitor saw it)\n${textRows(dealRows)}`] : []),
      `Open the lead in the portal: ${leadUrl}`,
      footer.text,
    ].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>A new quote request has arrived. The visitor was promised a quote within 24 hours.</p>${htmlRows(facts)}<h2 style="font-size:16px">Answers</h2>${htmlRows(
        answerRows(lead),
      )}${deal ? `<h2 style="font-size:16px">Chosen deal (as the visitor saw it)</h2>${htmlRows(dealRows)}` : ""}<p>${htmlLink(
        leadUrl,
        `Open lead ${lead.reference} in the portal`,
      )}</p>${footer.html}`,
    ),
  };
}

/**
 * To the visitor: fixed text and their reference, nothing they typed. The address was typed by whoever filled the form and nobody has confirmed it, so a name,
 * business name or requirements here would let anyone send their own words (links included), signed by the brand, to any address.
 */
export function leadConfirmationEmail(reference: string, brand: Brand): EmailContent {
  const subject = `Your quote request ${reference} – ${brand.name}`;
  const contact = `Questions in the meantime? Call us on ${brand.phone} or email ${brand.email}, quoting your reference.`;
  const notYou = "If you did not ask us for a quote, you can ignore this email: someone may have typed your address by mistake.";
  const footer = signature(brand);
  return {
    subject,
    text: ["Hello,", QUOTE_THANK_YOU_TEXT, `Your reference: ${reference}`, contact, notYou, footer.text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(QUOTE_THANK_YOU_TEXT)}</p><p>Your reference: <strong style="font-family:monospace;font-size:16px">${escapeHtml(
        reference,
      )}</strong></p><p>${escapeHtml(contact)}</p><p style="color:#475569">${escapeHtml(notYou)}</p>${footer.html}`,
    ),
  };
}
