import type { Brand } from "./brand";
import { MARKETING_CONSENT } from "./consent";
import { escapeHtml, htmlDocument, htmlLink, signature, type EmailContent } from "./lead-emails";

/**
 * The newsletter's double opt-in: a sign-up is pending until its owner follows
 * the emailed link and presses Confirm; only confirmed sign-ups that have not
 * unsubscribed are subscribers (they are counted and exported).
 */

/** How long a confirmation link works; unconfirmed sign-ups are removed after this (retention). */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;

export { NEWSLETTER_CONSENT_STATEMENT } from "./consent";

export const NEWSLETTER_STATUSES = ["Pending", "Subscribed", "Unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export function newsletterStatus(signup: { confirmedAt: string | null; unsubscribedAt: string | null }): NewsletterStatus {
  if (signup.unsubscribedAt) return "Unsubscribed";
  return signup.confirmedAt ? "Subscribed" : "Pending";
}

/** The path of a confirmation link. */
export const newsletterConfirmPath = (token: string) => `/newsletter/confirm/${token}`;

/** To the address signed up: the link to confirm (not marketing: the direct answer to their request). */
export function newsletterConfirmationEmail(confirmUrl: string, brand: Brand): EmailContent {
  const subject = `Confirm your subscription – ${brand.name}`;
  const ask = `Please confirm you want our monthly deals round-up (${MARKETING_CONSENT.wording.toLowerCase()}):`;
  const expiry = `The link works for ${NEWSLETTER_CONFIRMATION_DAYS} days.`;
  const notYou = "If you did not sign up, ignore this email: you will not be subscribed.";
  const footer = signature(brand);
  return {
    subject,
    text: ["Hello,", ask, confirmUrl, expiry, notYou, footer.text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(ask)}</p><p>${htmlLink(confirmUrl, "Confirm my subscription")}</p><p>${escapeHtml(expiry)}</p><p style="color:#475569">${escapeHtml(notYou)}</p>${footer.html}`,
    ),
  };
}
