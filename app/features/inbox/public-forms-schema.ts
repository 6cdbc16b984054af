import type { z } from "zod";
import { CONTACT_ENQUIRY_FIELDS, NEWSLETTER_SIGNUP_FIELDS } from "./public-forms";
import { formSchema } from "~/lib/schema-fields";

/** The contact page's enquiry form (SPEC section 3): every field required. */
export const contactEnquirySchema = formSchema(CONTACT_ENQUIRY_FIELDS);
export type ContactEnquiryInput = z.infer<typeof contactEnquirySchema>;

/** The newsletter sign-up: names optional (as the spec shows); an email is needed to send anything. */
export const newsletterSignupSchema = formSchema(NEWSLETTER_SIGNUP_FIELDS);
export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;
