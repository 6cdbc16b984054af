import type { Brand } from "~/platform/brand";
import type { EmailContent } from "~/platform/email-content";
import { htmlDocument, htmlLink, htmlRows, signature, textRows, type Row } from "~/platform/email-layout";
import { escapeHtml } from "~/lib/html";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** The contracts a renewal lead is made for: one order's lines ending within the renewal window. */
export interface RenewalForEmail {
  businessName: string;
  /** e.g. "ORD-4K7Q2M". */
  orderReference: string;
  /** YYYY-MM-DD: the first of the contracts' end dates. */
  endDate: string;
  contracts: Array<{ tariffName: string; endDate: string; monthlyExVatPence: number }>;
}

const monthlyValue = (renewal: RenewalForEmail) => renewal.contracts.reduce((total, contract) => total + contract.monthlyExVatPence, 0);

function contractRows(renewal: RenewalForEmail): Row[] {
  return renewal.contracts.map((contract, index) => [
    `Line ${index + 1}`,
    `${contract.tariffName}, ends ${formatCalendarDay(contract.endDate)}, ${formatPounds(contract.monthlyExVatPence)} a month ex VAT`,
  ]);
}

/** To the order's owner (or LEAD_NOTIFY_TO): the renewal lead is theirs to work. */
export function renewalStaffEmail(renewal: RenewalForEmail, leadReference: string, leadUrl: string, brand: Brand): EmailContent {
  const subject = `Renewal due: ${renewal.businessName}, ${countOf(renewal.contracts.length, "contract")} ending ${formatCalendarDay(renewal.endDate)}`;
  const intro = `${renewal.businessName}'s ${countOf(renewal.contracts.length, "contract")} from order ${renewal.orderReference} ${renewal.contracts.length === 1 ? "ends" : "end"} from ${formatCalendarDay(renewal.endDate)}, worth ${formatPounds(monthlyValue(renewal))} a month ex VAT. Renewal lead ${leadReference} is yours to work.`;
  const rows = contractRows(renewal);
  return {
    subject,
    text: [intro, textRows(rows), `Open the lead: ${leadUrl}`, signature(brand).text].join("\n\n"),
    html: htmlDocument(
      subject,
      `<p>${escapeHtml(intro)}</p>${htmlRows(rows)}<p>${htmlLink(leadUrl, `Open renewal lead ${leadReference}`)}</p>${signature(brand).html}`,
    ),
  };
}

/** To the customer: a service message that their contract ends, and who to talk to. Never sent once they objected (the outbox's suppression rule). */
export function renewalCustomerEmail(renewal: RenewalForEmail, brand: Brand): EmailContent {
  const subject = `Your contract with ${brand.name} ends on ${formatCalendarDay(renewal.endDate)}`;
  const intro = `Your ${renewal.contracts.length === 1 ? "contract" : "contracts"} from order ${renewal.orderReference} ${renewal.contracts.length === 1 ? "ends" : "end"} from ${formatCalendarDay(renewal.endDate)}. Your account manager will be in touch with what we can offer from then; nothing changes until you decide.`;
  const questions = `Questions? Reply to this email or call us on ${brand.phone}, quoting ${renewal.orderReference}.`;
  const rows = contractRows(renewal);
  return {
    subject,
    text: ["Hello,", intro, textRows(rows), questions, signature(brand).text].join("\n\n"),
    html: htmlDocument(subject, `<p>Hello,</p><p>${escapeHtml(intro)}</p>${htmlRows(rows)}<p>${escapeHtml(questions)}</p>${signature(brand).html}`),
  };
}
