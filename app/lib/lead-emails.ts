import type { Brand } from "./brand";
import type { ContactEnquiryRow } from "~/lib/database-types";
import { CONTACT_SUBJECT_LABELS } from "./enums";
import { dealFacts } from "./lead-deal";
import { storedSnapshot } from "./leads";
import type { TariffSnapshot } from "./tariffs";
import { QUOTE_ANSWER_LABELS, QUOTE_REQUEST_FIELDS, QUOTE_THANK_YOU_TEXT, type QuoteRequestField } from "./quote-wizard";
import { formatDateTime } from "./calendar";

/**
 * The emails a new lead or enquiry causes, as plain text and HTML. Pure: the
 * outbox stores what these return and the mailer sends it. Every value a
 * visitor typed is escaped in the HTML part.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export type LeadForEmail = Record<QuoteRequestField, string | null> & {
  id: number;
  reference: string;
  createdAt: string;
  sourcePage: string | null;
  /** The stored JSON TariffSnapshot of the chosen deal, or null. */
  tariff: string | null;
};

/** A stored contact enquiry, as its staff email shows it. */
export type EnquiryForEmail = ContactEnquiryRow;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** A staff link: the portal's address for a lead or an enquiry. */
export function portalUrl(appUrl: string, path: string): string {
  return new URL(path, appUrl).toString();
}

type Row = [label: string, value: string];

/** The answers given, in the wizard's order, with their labels; unanswered optional ones left out. */
function answerRows(lead: LeadForEmail): Row[] {
  return (Object.keys(QUOTE_REQUEST_FIELDS) as QuoteRequestField[]).filter((field) => lead[field]).map((field) => [QUOTE_ANSWER_LABELS[field], lead[field]!]);
}

const textRows = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");

const htmlRows = (rows: Row[]) =>
  `<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding-right:16px">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

export const htmlLink = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">${body}</body></html>`;
}

/** The company lines every email ends with. */
export function signature(brand: Brand): { text: string; html: string } {
  const company = `${brand.legalName}, ${brand.address}. Company number ${brand.companyNumber}.`;
  return {
    text: `${brand.name}\nPhone ${brand.phone} · ${brand.email}\n${company}`,
    html: `<p style="margin-top:24px;color:#475569;font-size:13px"><strong>${escapeHtml(brand.name)}</strong><br>Phone ${escapeHtml(brand.phone)} · ${htmlLink(`mailto:${brand.email}`, brand.email)}<br>${escapeHtml(company)}</p>`,
  };
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
 * To the visitor: fixed text and their reference, nothing they typed. The
 * address was typed by whoever filled the form and nobody has confirmed it,
 * so a name, business name or requirements here would let anyone send their
 * own words (links included), signed by the brand, to any address.
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

/** To staff: a new contact enquiry, with the link to it in the portal. */
export function newEnquiryStaffEmail(enquiry: EnquiryForEmail, brand: Brand, enquiryUrl: string): EmailContent {
  const name = `${enquiry.firstName} ${enquiry.lastName}`;
  const topic = CONTACT_SUBJECT_LABELS[enquiry.subject];
  const subject = `New contact enquiry: ${topic} from ${name}`;
  const facts: Row[] = [
    ["Received", formatDateTime(enquiry.createdAt)],
    ["Name", name],
    ["Email", enquiry.email],
    ["Contact number", enquiry.contactNumber],
    ["Subject", topic],
  ];
  const footer = signature(brand);
  return {
    subject,
    text: [
      "A new enquiry has arrived from the contact page.",
      textRows(facts),
      `Message:\n${enquiry.message}`,
      `Open the enquiry in the portal: ${enquiryUrl}`,
      footer.text,
    ].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>A new enquiry has arrived from the contact page.</p>${htmlRows([...facts, ["Message", enquiry.message]])}<p>${htmlLink(
        enquiryUrl,
        "Open the enquiry in the portal",
      )}</p>${footer.html}`,
    ),
  };
}
