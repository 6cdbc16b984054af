import type { z } from "zod";
import { QUOTE_REQUEST_FIELDS } from "~/lib/quote-wizard";
import { fieldSchema, formSchema } from "./fields";

/**
 * One quote request (the wizard's answers and the spec's extra fields, see
 * QUOTE_REQUEST_FIELDS): the wizard's form action and `POST /api/quote-requests`
 * both parse with this; unknown fields are dropped. Postcodes are kept in capitals.
 */
export const quoteRequestSchema = formSchema(QUOTE_REQUEST_FIELDS).extend({
  postcode: fieldSchema(QUOTE_REQUEST_FIELDS.postcode).transform((value) => value?.toUpperCase()),
});

export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;
