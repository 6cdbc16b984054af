import type { EmailContent } from "~/platform/email-content";
import type { Brand } from "~/platform/brand";
import { htmlDocument, htmlLink, htmlRows, signature, textRows, type Row } from "~/platform/email-layout";
import { formatDateTime } from "~/lib/calendar";
import { CONTACT_SUBJECT_LABELS } from "./contact-subjects";
import type { ContactEnquiryRow } from "./inbox-tables";

/** A stored contact enquiry, as its staff email shows it. */
export type EnquiryForEmail = ContactEnquiryRow;

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
