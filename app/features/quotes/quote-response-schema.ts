import { z } from "zod";
import { AUTHORISED_FIELD, QUOTE_ACCEPT_FIELDS, QUOTE_DECLINE_FIELDS, SHOWN_FINGERPRINT_FIELD, authorisedMissingMessage } from "./quote-response";
import { formSchema } from "~/lib/schema-fields";

/** A fingerprint is 64 hexadecimal characters; anything longer is not one. */
const FINGERPRINT_MAX_LENGTH = 64;

/**
 * The customer's acceptance: name, role, the authorised box (its message names the business, so the schema is made per quote) and the fingerprint the page
 * showed: a hidden field with no message of its own, as one missing or malformed is simply not the document's (the model answers 409 with the page as it is).
 */
export function quoteAcceptSchema(company: string) {
  return formSchema(QUOTE_ACCEPT_FIELDS).extend({
    [AUTHORISED_FIELD]: z.literal("on", { errorMap: () => ({ message: authorisedMissingMessage(company) }) }).transform(() => true as const),
    [SHOWN_FINGERPRINT_FIELD]: z.string().max(FINGERPRINT_MAX_LENGTH).optional().catch(undefined),
  });
}
export type QuoteAcceptInput = z.infer<ReturnType<typeof quoteAcceptSchema>>;

/** The customer's decline: a reason if they wish to give one. */
export const quoteDeclineSchema = formSchema(QUOTE_DECLINE_FIELDS);
export type QuoteDeclineInput = z.infer<typeof quoteDeclineSchema>;

/** The customer's page posts one form or the other, told apart by `intent`. */
export function quoteResponseSchema(company: string) {
  return z.discriminatedUnion("intent", [
    quoteAcceptSchema(company).extend({ intent: z.literal("accept") }),
    quoteDeclineSchema.extend({ intent: z.literal("decline") }),
  ]);
}
export type QuoteResponseInput = z.infer<ReturnType<typeof quoteResponseSchema>>;
