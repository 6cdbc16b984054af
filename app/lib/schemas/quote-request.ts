import { z } from "zod";
import { BUSINESS_TYPES, CONTRACT_EXPIRIES, TEAM_SIZES } from "~/lib/enums";
import { LIMITS, optionalText, requiredChoice, requiredEmail, requiredPhone, requiredText } from "./fields";

/**
 * One quote request: the wizard's nine answers plus the four fields the
 * spec's form state carries but no step fills. The wizard's form action and
 * `POST /api/quote-requests` both parse with this; unknown fields are dropped.
 */
export const quoteRequestSchema = z.object({
  teamSize: requiredChoice("how many handsets or SIMs you need", TEAM_SIZES),
  contractExpiry: requiredChoice("when your contract ends", CONTRACT_EXPIRIES),
  businessType: requiredChoice("your business type", BUSINESS_TYPES),
  businessName: requiredText("your business name", LIMITS.shortText),
  postcode: optionalText("your postcode", LIMITS.postcode).transform((value) => value?.toUpperCase()),
  firstName: requiredText("your first name", LIMITS.name),
  lastName: requiredText("your last name", LIMITS.name),
  email: requiredEmail(),
  phoneNumber: requiredPhone(),
  contractLength: optionalText("the contract length", LIMITS.name),
  companyName: optionalText("the company name", LIMITS.shortText),
  jobTitle: optionalText("your job title", LIMITS.name),
  requirements: optionalText("your requirements", LIMITS.message),
});

export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;

/** The order the wizard asks for answers in; steps 1 to 3 each take one choice. */
export const QUOTE_WIZARD_FIELDS = [
  "teamSize",
  "contractExpiry",
  "businessType",
  "businessName",
  "postcode",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
] as const;
export type QuoteWizardField = (typeof QUOTE_WIZARD_FIELDS)[number];
