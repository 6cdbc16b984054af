import type { SendMailOptions } from "nodemailer";
import { brand } from "./brand.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import type { EmailContent } from "./email-content";
import { timeoutMs } from "./outbox-post.server";

/** Email over SMTP_URL with nodemailer; without it nothing is queued or sent. Only the outbox calls `sendEmail` (queued with their row: outbox.server.ts). */

/** An email as the outbox keeps it: fixed when queued, the same on every try. */
export interface QueuedEmail extends EmailContent {
  to: string[];
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on mail to subscribers). */
  headers?: Record<string, string>;
}

export const emailEnabled = (): boolean => Boolean(env.SMTP_URL);

/** Every email comes from the brand's own name and address (BRAND_NAME <BRAND_EMAIL>). */
export const mailFrom = () => ({ name: brand.name, address: brand.email });

/** Said once as the server starts, so whoever runs it knows whether email goes out. */
export function announceEmailSettings(): void {
  if (!env.SMTP_URL) {
    logger.info({ event: "email.off" }, "Email is off: SMTP_URL is not set, so no lead, enquiry or quote emails are sent.");
    return;
  }
  const from = mailFrom();
  const sender = `${from.name} <${from.address}>`;
  const staff =
    env.LEAD_NOTIFY_TO.length > 0 ? `staff notifications to ${env.LEAD_NOTIFY_TO.join(", ")}` : "no staff notifications (LEAD_NOTIFY_TO is not set)";
  logger.info({ event: "email.on" }, `Email is on: from ${sender}, ${staff}, and confirmations to visitors.`);
}

/**
 * Sends one queued email; resolves once the SMTP server has accepted it. A fresh connection each time (nothing pooled outlives the try), bounded by the
 * outbox's time limit for one try; the Message-ID is the same on every try of one delivery, so a repeat after a crash can be spotted.
 */
export async function sendEmail(email: QueuedEmail, deliveryId: number, signal: AbortSignal): Promise<void> {
  if (!env.SMTP_URL) throw new Error("SMTP_URL is not set");
  const timeout = timeoutMs();
  // Loaded with the first email, not as the server starts: without SMTP_URL it is never needed.
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = mailFrom();
  const domain = from.address.replace(/^.*@/, "");
  // nodemailer 10.5+ stops a send when the signal aborts (its types, at 8.x, do not list `signal` yet).
  const message: SendMailOptions & { signal: AbortSignal } = {
    from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: `<outbox-${deliveryId}@${domain}>`,
    headers: email.headers,
    signal,
  };
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
