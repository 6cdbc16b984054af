import { LIMITS, multiLine, optionalTextRule, requiredTextRule } from "./form-fields";

/**
 * The customer's answer to a quote at /quote/{token} (accept or decline), as
 * field rules: the page's inputs and the server's schemas are made from these.
 */
export const QUOTE_ACCEPT_FIELDS = {
  fullName: requiredTextRule("your full name", LIMITS.name),
  role: requiredTextRule("your role in the business", LIMITS.name),
};

export const QUOTE_DECLINE_FIELDS = {
  reason: multiLine(optionalTextRule("your reason", 1000)),
};

/** The two answers a customer's page posts, told apart by the form's `intent` field. */
export const QUOTE_RESPONSE_INTENTS = ["accept", "decline"] as const;
export type QuoteResponseIntent = (typeof QUOTE_RESPONSE_INTENTS)[number];

/** The authorised checkbox's name, and what the customer is told when it is not ticked. */
export const AUTHORISED_FIELD = "authorised";

export function authorisedLabel(company: string): string {
  return `I am authorised to accept this quote on behalf of ${company}`;
}

export function authorisedMissingMessage(company: string): string {
  return `Tick to confirm you are authorised to accept on behalf of ${company}`;
}
