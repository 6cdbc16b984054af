import { z } from "zod";
import { emailRule, fieldMessages, isPhoneNumber, phoneRule } from "~/lib/form-fields";

/**
 * The Data protection screen's "Find a person" search (a GET form): an email, a phone number, or both, each checked as the public forms check them; and, for
 * the downloads, the register entry it answers (`request`).
 */

export const PERSON_SEARCH_RULES = {
  email: emailRule("the person's email address"),
  phone: phoneRule("the person's phone number"),
} as const;

export const PERSON_SEARCH_MESSAGES = {
  missing: "Please enter the person's email address or phone number",
};

const emailMessages = fieldMessages(PERSON_SEARCH_RULES.email);
const phoneMessages = fieldMessages(PERSON_SEARCH_RULES.phone);

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "");

export const personSearchSchema = z
  .object({
    email: optionalText.pipe(
      z
        .string()
        .max(PERSON_SEARCH_RULES.email.maxLength, emailMessages.tooLong)
        .refine((value) => value === "" || z.string().email().safeParse(value).success, emailMessages.invalid),
    ),
    phone: optionalText.pipe(
      z
        .string()
        .max(PERSON_SEARCH_RULES.phone.maxLength, phoneMessages.tooLong)
        .refine((value) => value === "" || isPhoneNumber(value), phoneMessages.invalid),
    ),
    /** The register entry a download answers, for the audit entry; anything else is ignored. */
    request: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  })
  .transform((value) => ({ email: value.email || undefined, phone: value.phone || undefined, request: value.request }));

export type PersonSearch = z.output<typeof personSearchSchema>;

export type PersonSearchAnswer =
  | { ok: true; search: PersonSearch & ({ email: string } | { phone: string }) }
  | { ok: false; values: { email: string; phone: string }; fieldErrors: { email?: string; phone?: string }; asked: boolean };

/** The search in a URL: valid, or each field's message (none when nothing was asked yet). */
export function personSearchFromUrl(url: URL): PersonSearchAnswer {
  const raw = {
    email: url.searchParams.get("email") ?? undefined,
    phone: url.searchParams.get("phone") ?? undefined,
    request: url.searchParams.get("request") ?? undefined,
  };
  const values = { email: (raw.email ?? "").slice(0, 300), phone: (raw.phone ?? "").slice(0, 100) };
  const parsed = personSearchSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: { email?: string; phone?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "phone") && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { ok: false, values, fieldErrors, asked: true };
  }
  const search = parsed.data;
  if (!search.email && !search.phone) {
    const asked = url.searchParams.has("email") || url.searchParams.has("phone");
    return { ok: false, values, fieldErrors: asked ? { email: PERSON_SEARCH_MESSAGES.missing } : {}, asked };
  }
  return { ok: true, search: search as PersonSearch & ({ email: string } | { phone: string }) };
}

/** The search as a query string (`email=…&phone=…`), for links to the downloads, erasure and objection. */
export function personSearchQuery(search: { email?: string; phone?: string; request?: number }): string {
  const params = new URLSearchParams();
  if (search.email) params.set("email", search.email);
  if (search.phone) params.set("phone", search.phone);
  if (search.request) params.set("request", String(search.request));
  return params.toString();
}
