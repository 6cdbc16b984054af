import type { Brand } from "~/platform/brand";
import { MARKETING_CONSENT } from "~/features/leads";
import { type EmailContent } from "~/platform/email-content";
import { htmlDocument, htmlLink, signature } from "~/platform/email-layout";
import { escapeHtml } from "~/lib/html";
import { countOf } from "~/lib/plural";

/**
 * The newsletter's double opt-in: a sign-up is pending until its owner follows the emailed link and presses Confirm; only confirmed sign-ups that have not
 * unsubscribed are subscribers (they are counted and exported).
 */

/** An unconfirmed sign-up is deleted this many days after it was made, and its confirmation link works as long. */
export const NEWSLETTER_UNCONFIRMED_DAYS = 7;

export const NEWSLETTER_STATUSES = ["Pending", "Subscribed", "Unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export function newsletterStatus(signup: { confirmedAt: string | null; unsubscribedAt: string | null }): NewsletterStatus {
  if (signup.unsubscribedAt) return "Unsubscribed";
  return signup.confirmedAt ? "Subscribed" : "Pending";
}

export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** The exact body a mail program's one-click unsubscribe button posts (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_BODY = "List-Unsubscribe=One-Click";

/** The headers every email to a subscriber (or would-be one) carries: link and mailto for mail programs' own Unsubscribe button, and one-click (RFC 8058). */
export function listUnsubscribeHeaders(unsubscribeUrl: string, mailbox: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${mailbox}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": ONE_CLICK_UNSUBSCRIBE_BODY,
  };
}

export const newsletterConfirmPath = (token: string) => `/newsletter/confirm/${token}`;

/**
 * To the address signed up: the link to confirm (not marketing: the direct answer to their request).
 * `days`: how long the link works (NEWSLETTER_UNCONFIRMED_DAYS, the time an unconfirmed sign-up is kept).
 */
export function newsletterConfirmationEmail(confirmUrl: string, unsubscribeUrl: string, days: number, brand: Brand): EmailContent {
  const subject = `Confirm your subscription – ${brand.name}`;
  const ask = `Please confirm you want our monthly deals round-up (${MARKETING_CONSENT.wording.toLowerCase()}):`;
  const expiry = `The link works for ${countOf(days, "day")}.`;
  const notYou = "If you did not sign up, ignore this email: you will not be subscribed.";
  const stop = "Never want our emails? Unsubscribe:";
  const footer = signature(brand);
  return {
    subject,
    text: ["Hello,", ask, confirmUrl, expiry, notYou, `${stop} ${unsubscribeUrl}`, footer.text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(ask)}</p><p>${htmlLink(confirmUrl, "Confirm my subscription")}</p><p>${escapeHtml(expiry)}</p><p style="color:#475569">${escapeHtml(notYou)}</p><p style="color:#475569">${escapeHtml(stop)} ${htmlLink(unsubscribeUrl, "unsubscribe")}</p>${footer.html}`,
    ),
  };
}
