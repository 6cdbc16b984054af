import type { Transaction } from "kysely";
import { brand } from "~/platform/brand.server";
import type { Database } from "~/platform/database-types";
import { portalUrl } from "~/platform/email-layout";
import { staffNotified } from "~/platform/email-caps.server";
import { env } from "~/platform/env.server";
import { addToOutbox } from "~/platform/outbox.server";
import { newEnquiryStaffEmail, type EnquiryForEmail } from "./enquiry-emails";

/** The staff notification of a new contact enquiry. */
export async function queueNewEnquiryEmail(trx: Transaction<Database>, enquiry: EnquiryForEmail): Promise<boolean> {
  if (!staffNotified()) return false;
  const content = newEnquiryStaffEmail(enquiry, brand, portalUrl(env.APP_URL, `/admin/enquiries/${enquiry.id}`));
  await addToOutbox(trx, [
    { kind: "enquiry.staff-email", leadId: null, enquiryId: enquiry.id, payload: { to: env.LEAD_NOTIFY_TO, replyTo: enquiry.email, ...content } },
  ]);
  return true;
}
