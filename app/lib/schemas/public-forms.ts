import { z } from "zod";
import { CONTACT_SUBJECTS } from "~/lib/enums";
import { LIMITS, optionalText, requiredChoice, requiredEmail, requiredPhone, requiredText } from "./fields";

/** The contact page's enquiry form (SPEC section 3): every field required. */
export const contactEnquirySchema = z.object({
  firstName: requiredText("your first name", LIMITS.name),
  lastName: requiredText("your last name", LIMITS.name),
  email: requiredEmail(),
  contactNumber: requiredPhone("your contact number"),
  subject: requiredChoice("a subject", CONTACT_SUBJECTS),
  message: requiredText("your message", LIMITS.message),
});
export type ContactEnquiryInput = z.infer<typeof contactEnquirySchema>;

/** The newsletter sign-up: names optional (as the spec shows); an email is needed to send anything. */
export const newsletterSignupSchema = z.object({
  firstName: optionalText("your first name", LIMITS.name),
  lastName: optionalText("your last name", LIMITS.name),
  email: requiredEmail(),
});
export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;
