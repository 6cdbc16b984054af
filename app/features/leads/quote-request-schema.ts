import { z } from "zod";
import { attributionPath, attributionValue, referrerDomain } from "./attribution";
import { MARKETING_CONSENT_TICKED, MARKETING_CONSENT_TYPE_MESSAGE } from "./consent";
import { QUOTE_DEAL_MESSAGES, QUOTE_REQUEST_FIELDS } from "./quote-request";
import { TARIFF_LIMITS, TARIFF_LINES } from "~/features/tariffs";
import { fieldSchema, formSchema } from "~/lib/schema-fields";
import { maskPrivateLink } from "~/platform/private-links";

/** Far longer than any comparison's query string (about 100 characters at most). */
const QUOTE_COMPARISON_MAX_LENGTH = 500;

/**
 * One quote request (the wizard's answers and the spec's extra fields, see QUOTE_REQUEST_FIELDS): the wizard's form action and `POST /api/quote-requests` both
 * parse with this; unknown fields are dropped. Postcodes are kept in capitals. `tariffSlug` and `lines` are the deal chosen on the comparison (whether it is
 * still on offer for those lines is the model's check, against the catalogue). `marketingConsent` is the consent box: ticked only when the form sends "yes" or
 * JSON sends true or "yes"; left out, false or any other text is not ticked (consent is never assumed); another type is refused. The attribution fields
 * (`source` ... `formPath`, attribution.ts) are read the same way from a form's hidden fields and from JSON.
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
  // The comparison's query string the deal was chosen from: only its filters are read (for the shortlist), and a bad one is no filter.
  comparison: z
    .string()
    .trim()
    .max(QUOTE_COMPARISON_MAX_LENGTH)
    .nullish()
    .catch(undefined)
    .transform((comparison) => comparison || undefined),
  // Where the request came from (attribution.ts): each optional, normalised, and dropped (null) when it does not fit; never a reason to refuse the request.
  source: z.unknown().transform(attributionValue),
  medium: z.unknown().transform(attributionValue),
  campaign: z.unknown().transform(attributionValue),
  term: z.unknown().transform(attributionValue),
  content: z.unknown().transform(attributionValue),
  referrerDomain: z.unknown().transform((raw) => referrerDomain(raw)),
  landingPath: z.unknown().transform((raw) => attributionPath(raw, maskPrivateLink)),
  formPath: z.unknown().transform((raw) => attributionPath(raw, maskPrivateLink)),
  marketingConsent: z.preprocess(
    (value) => (value === undefined || value === null ? false : typeof value === "string" ? value.trim() === MARKETING_CONSENT_TICKED : value),
    z.boolean({ invalid_type_error: MARKETING_CONSENT_TYPE_MESSAGE }),
  ),
});

export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;
