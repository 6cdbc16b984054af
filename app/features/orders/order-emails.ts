import type { Brand } from "~/platform/brand";
import { formatCalendarDay } from "~/lib/calendar";
import { escapeHtml } from "~/lib/html";
import type { EmailContent } from "~/platform/email-content";
import { htmlDocument, htmlLink, signature } from "~/platform/email-layout";

/** The order's progress emails to its customer (service messages, never marketing): pure, like quote-emails.ts; the outbox stores what these return. */

/** The statuses the customer is emailed at by staff (Details received is the customer's own submission). */
export const EMAILED_ORDER_STATUSES = ["dispatched", "porting", "live"] as const;
export type EmailedOrderStatus = (typeof EMAILED_ORDER_STATUSES)[number];

export const isEmailedOrderStatus = (status: string): status is EmailedOrderStatus => (EMAILED_ORDER_STATUSES as readonly string[]).includes(status);

export interface OrderForProgressEmail {
  reference: string;
  status: EmailedOrderStatus;
  /** Porting: each line keeping a number, with its port date. */
  ports: Array<{ position: number; userName: string | null; portDate: string }>;
  /** The customer's page, `${APP_URL}/quote/{token}`, where the order's progress is shown. */
  url: string;
}

const WORDS: Record<EmailedOrderStatus, { subject: string; intro: string }> = {
  dispatched: { subject: "is on its way", intro: "Your order has been dispatched: your SIMs (and any eSIM details) are on their way." },
  porting: { subject: "numbers are moving", intro: "The numbers you are keeping are being moved to your new plan on the dates below." },
  live: { subject: "is live", intro: "Your order is live: your lines are connected on their new plan." },
};

export function orderProgressEmail(order: OrderForProgressEmail, brand: Brand): EmailContent {
  const words = WORDS[order.status];
  const subject = `Your order ${order.reference} ${words.subject}`;
  const ports = order.ports.map((port) => `Line ${port.position}${port.userName ? ` (${port.userName})` : ""}: ${formatCalendarDay(port.portDate)}`);
  const questions = `Questions? Reply to this email or call us on ${brand.phone}, quoting ${order.reference}.`;
  const footer = signature(brand);
  return {
    subject,
    text: [
      "Hello,",
      words.intro,
      ...(ports.length ? [`Port dates:\n${ports.map((port) => `- ${port}`).join("\n")}`] : []),
      `Your order: ${order.url}`,
      questions,
      footer.text,
    ].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(words.intro)}</p>${
        ports.length ? `<p>Port dates:</p><ul style="padding-left:20px">${ports.map((port) => `<li>${escapeHtml(port)}</li>`).join("")}</ul>` : ""
      }<p>${htmlLink(order.url, `Your order ${order.reference}`)}</p><p>${escapeHtml(questions)}</p>${footer.html}`,
    ),
  };
}
