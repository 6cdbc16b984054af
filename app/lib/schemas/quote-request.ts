import { z } from "zod";
import { QUOTE_DEAL_MESSAGES, QUOTE_REQUEST_FIELDS } from "~/lib/quote-wizard";
import { TARIFF_LINES } from "~/lib/tariffs";
import { TARIFF_LIMITS } from "./tariffs";
import { fieldSchema, formSchema } from "./fields";

/**
 * One quote request (the wizard's answers and the spec's extra fields, see
 * QUOTE_REQUEST_FIELDS): the wizard's form action and `POST /api/quote-requests`
 * both parse with this; unknown fields are dropped. Postcodes are kept in capitals.
 * `tariffSlug` and `lines` are the deal chosen on the comparison (whether it is
 * still on offer for those lines is the model's check, against the catalogue).
 */
export const quoteRequestSchema = formSchema(QUOTE_REQUEST_FIELDS).extend({
  postcode: fieldSchema(QUOTE_REQUEST_FIELDS.postcode).transform((value) => value?.toUpperCase()),
  tariffSlug: z
    .string({ invalid_type_error: QUOTE_DEAL_MESSAGES.unavailable })
    .trim()
    .max(TARIFF_LIMITS.slug, QUOTE_DEAL_MESSAGES.unavailable)
    .nullish()
    .transform((slug) => slug || undefined),
  // A form sends the lines as text, JSON as a number; none given: the team size's (linesForTeamSize).
  lines: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ invalid_type_error: QUOTE_DEAL_MESSAGES.lines })
      .int(QUOTE_DEAL_MESSAGES.lines)
      .min(TARIFF_LINES.min, QUOTE_DEAL_MESSAGES.lines)
      .max(TARIFF_LINES.max, QUOTE_DEAL_MESSAGES.lines)
      .optional(),
  ),
});

export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;
