import { choiceRule, emailRule, LIMITS, multiLine, optionalTextRule, phoneRule, requiredTextRule } from "~/lib/form-fields";
import { CONTACT_SUBJECTS } from "./contact-subjects";

/** The contact page's enquiry form (SPEC section 3): every field required. */
export const CONTACT_ENQUIRY_FIELDS = {
  firstName: requiredTextRule("your first name", LIMITS.name),
  lastName: requiredTextRule("your last name", LIMITS.name),
  email: emailRule(),
  contactNumber: phoneRule("your contact number"),
  subject: choiceRule("a subject", CONTACT_SUBJECTS),
  message: multiLine(requiredTextRule("your message", LIMITS.message)),
};

/** The newsletter sign-up: names optional; an email is needed to send anything, though the form shows no required marks (SPEC section 5). */
export const NEWSLETTER_SIGNUP_FIELDS = {
  firstName: optionalTextRule("your first name", LIMITS.name),
  lastName: optionalTextRule("your last name", LIMITS.name),
  email: { ...emailRule(), unmarked: true },
} as const;
