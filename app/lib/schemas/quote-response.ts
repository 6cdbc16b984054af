import { z } from "zod";
import { AUTHORISED_FIELD, QUOTE_ACCEPT_FIELDS, QUOTE_DECLINE_FIELDS, authorisedMissingMessage } from "~/lib/quote-response";
import { formSchema } from "./fields";

/**
 * The customer's acceptance: full name, role and the authorised box ticked.
 * The box's message names the customer's business, so the schema is made per quote.
 */
export function quoteAcceptSchema(company: string) {
  return formSchema(QUOTE_ACCEPT_FIELDS).extend({
    [AUTHORISED_FIELD]: z.literal("on", { errorMap: () => ({ message: authorisedMissingMessage(company) }) }).transform(() => true as const),
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
