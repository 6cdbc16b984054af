/**
 * The rules of the site's form fields as plain data: whether an answer is
 * required, how long it may be, what kind of answer it is, and the words its
 * messages use. The server's zod schemas (`lib/schemas`) are built from these,
 * and so are the inputs' attributes (required marker, maxLength, type), so a
 * rule is written once. This module has no zod in it: it is shipped to the
 * browser, zod is not.
 */

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  shortText: 200,
  message: 5000,
} as const;

/**
 * `label` completes "Please enter …" / "Please choose …" in the visitor's words.
 * `unmarked`: the server needs the answer but the form shows no required mark
 * and leaves the browser's required check off (the spec's newsletter forms).
 */
export type FieldRule = (
  | { kind: "text"; label: string; required: boolean; maxLength: number }
  | { kind: "email"; label: string; required: true; maxLength: number }
  | { kind: "phone"; label: string; required: true; maxLength: number }
  | { kind: "choice"; label: string; required: true; options: readonly [string, ...string[]] }
) & { unmarked?: true };

export type FieldRules = Record<string, FieldRule>;

export function requiredTextRule(label: string, maxLength: number = LIMITS.shortText) {
  return { kind: "text", label, required: true, maxLength } as const;
}

export function optionalTextRule(label: string, maxLength: number = LIMITS.shortText) {
  return { kind: "text", label, required: false, maxLength } as const;
}

export function emailRule(label = "your email address") {
  return { kind: "email", label, required: true, maxLength: LIMITS.email } as const;
}

export function phoneRule(label = "your phone number") {
  return { kind: "phone", label, required: true, maxLength: LIMITS.phone } as const;
}

export function choiceRule<T extends readonly [string, ...string[]]>(label: string, options: T) {
  return { kind: "choice", label, required: true, options } as const;
}

/** Star ratings (testimonials) run from 1 to this, whether chosen or shown. */
export const MAX_RATING = 5;

/** Digits with optional spaces, brackets, dashes and a leading +; 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/** What the visitor is told when the field's answer is missing, too long or badly formed. */
export function fieldMessages(rule: FieldRule): { missing: string; tooLong: string; invalid: string } {
  const missing = rule.kind === "choice" ? `Please choose ${rule.label}` : `Please enter ${rule.label}`;
  const tooLong = rule.kind === "choice" ? "" : `Please keep ${rule.label} to ${rule.maxLength} characters or fewer`;
  const invalid = {
    text: "",
    email: "Please enter a valid email address, like name@company.co.uk",
    phone: "Please enter a valid phone number, like 07700 900123",
    choice: `Please choose ${rule.label} from the list`,
  }[rule.kind];
  return { missing, tooLong, invalid };
}

/** Whether the form marks the field required (an asterisk, and the browser's own check). */
export function markedRequired(rule: FieldRule): boolean {
  return rule.required && !rule.unmarked;
}

/**
 * What a control takes from its rule besides `required` (see markedRequired):
 * the browser stops longer answers and checks email and phone inputs' type.
 */
export function controlAttributes(rule: FieldRule): { maxLength?: number; type?: "email" | "tel" } {
  switch (rule.kind) {
    case "choice":
      return {};
    case "email":
      return { type: "email", maxLength: rule.maxLength };
    case "phone":
      return { type: "tel", maxLength: rule.maxLength };
    default:
      return { maxLength: rule.maxLength };
  }
}
