import { formatCalendarDay } from "~/lib/calendar";
import { escapeHtml } from "~/lib/html";
import { formatPounds } from "~/lib/money";
import type { Brand } from "~/platform/brand";
import type { EmailContent } from "~/platform/email-content";
import { htmlDocument, htmlLink, signature } from "~/platform/email-layout";
import { lineNumberWords, type CustomerOrderLine } from "./customer-order";
import { SIM_TYPE_LABELS } from "./order-lists";

/** The customer's "Details received" email (pure: the outbox stores what this returns). A service message about their own order, never marketing. */

export interface OrderForCustomerEmail {
  reference: string;
  businessName: string;
  /** YYYY-MM-DD. */
  earliestConnectionDate: string;
  lines: Array<
    Pick<CustomerOrderLine, "position" | "tariffName" | "monthlyExVatPence" | "userName" | "numberChoice" | "mobileNumber" | "pacEnding" | "simType">
  >;
  /** The absolute link to the customer's quote page, where the order's progress is shown. */
  url: string;
}

/** "Line 1: Sam Patel, 07700 900123 (PAC ending 456), SIM, Business Unlimited at £12.00 a month ex VAT": never a PAC in full. */
export function orderLineInWords(line: OrderForCustomerEmail["lines"][number]): string {
  const sim = line.simType ? SIM_TYPE_LABELS[line.simType] : "SIM";
  return `Line ${line.position}: ${line.userName ?? ""}, ${lineNumberWords(line)}, ${sim}, ${line.tariffName} at ${formatPounds(line.monthlyExVatPence)} a month ex VAT`;
}

export function orderDetailsReceivedEmail(order: OrderForCustomerEmail, brand: Brand): EmailContent {
  const subject = `Order ${order.reference}: details received`;
  const intro = `Thank you. We have received the details of your order ${order.reference} for ${order.businessName}.`;
  const connection = `Earliest connection date: ${formatCalendarDay(order.earliestConnectionDate)}`;
  const next =
    "What happens next: we check the details and place the order with the network. We will email you when your SIMs are dispatched, when numbers are moving across (with the dates), and when everything is live.";
  const questions = `Something to change? Reply to this email or call us on ${brand.phone}, quoting ${order.reference}.`;
  const lines = order.lines.map(orderLineInWords);
  const footer = signature(brand);
  return {
    subject,
    text: [
      "Hello,",
      intro,
      `Your lines:\n${lines.map((line) => `- ${line}`).join("\n")}`,
      connection,
      next,
      `Your order's progress: ${order.url}`,
      questions,
      footer.text,
    ].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>Hello,</p><p>${escapeHtml(intro)}</p><p>Your lines:</p><ul style="padding-left:20px">${lines
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join(
          "",
        )}</ul><p>${escapeHtml(connection)}</p><p>${escapeHtml(next)}</p><p>${htmlLink(order.url, `Follow your order ${order.reference}`)}</p><p>${escapeHtml(
        questions,
      )}</p>${footer.html}`,
    ),
  };
}
