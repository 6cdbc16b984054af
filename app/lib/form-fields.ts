/**
 * The rules of the site's form fields as plain data: whether an answer is
 * required, how long it may be, what kind of answer it is, and the words its
 * messages use. The server's zod schemas (`lib/schemas`) are built from these,
 * and so are the inputs' attributes (required marker, maxLength, type), so a
 * rule is written once. This module has no zod in it: it is shipped to the
 * browser, zod is not.
 */

import type { Toast } from "./messages";

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  shortText: 200,
  // Free text (a contact message, a quote's requirements): plenty for a request, and little to store.
  message: 2000,
} as const;

/**
 * A text answer may also take at most this many UTF-8 bytes per character of
 * its limit: 2,000 characters of 3-byte symbols would otherwise be 6 KB where
 * 2,000 letters are 2 KB, and every lead is copied into its deliveries.
 */
export const BYTES_PER_CHARACTER = 2;

/** The bytes a text takes stored as UTF-8. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

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

/** A phone number as the forms take it: digits, spaces, brackets, dots, dashes and a leading +, with 7 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** What the visitor is told when the field's answer is missing, too long (in characters or in bytes) or badly formed. */
export function fieldMessages(rule: FieldRule): { missing: string; tooLong: string; tooManyBytes: string; invalid: string } {
  const missing = rule.kind === "choice" ? `Please choose ${rule.label}` : `Please enter ${rule.label}`;
  const tooLong = rule.kind === "choice" ? "" : `Please keep ${rule.label} to ${rule.maxLength} characters or fewer`;
  const tooManyBytes =
    rule.kind === "choice" ? "" : `Please shorten ${rule.label}: at most ${rule.maxLength} characters, fewer with accented letters, symbols or emoji`;
  const invalid = {
    text: "",
    email: "Please enter a valid email address, like name@company.co.uk",
    phone: "Please enter a valid phone number, like 07700 900123",
    choice: `Please choose ${rule.label} from the list`,
  }[rule.kind];
  return { missing, tooLong, tooManyBytes, invalid };
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

/** The field names of a form: its rules' keys, or the names themselves for fields with no rule (a role, a password). */
type FieldNames<Fields extends FieldRules | string> = Fields extends string ? Fields : keyof Fields & string;

/**
 * What an action answers when it does not redirect, keyed by the form's fields
 * (`FormAnswer<typeof RULES>`, `FormAnswer<keyof typeof RULES | "role">`), so a misspelt field does not compile.
 */
export interface FormAnswer<Fields extends FieldRules | string = string> {
  fieldErrors?: Partial<Record<FieldNames<Fields>, string>>;
  /** What was typed, so the form is shown again as it was. */
  values?: Partial<Record<FieldNames<Fields>, string>>;
  /** Why the model refused when it is about no one field (e.g. the last super admin), shown above the form. */
  formError?: string;
  toast?: Toast;
}

/** One field of a form, from its rule and the form's answer: `<Field {...f.field}>` and `<Input {...control} {...f.input} />`. */
export interface FormField<Name extends string, Rule extends FieldRule> {
  /** For `Field`: the control's id, the rule (required mark, maxLength, type) and the server's message. */
  field: { id: string; rule: Rule; error?: string };
  /** For the control: its name, and what it holds at first (what was typed, when the form comes back). */
  input: { name: Name; defaultValue: string };
  error?: string;
}

export type FormFields<Rules extends FieldRules> = { [Name in keyof Rules & string]: FormField<Name, Rules[Name]> };

/**
 * Every field of a form, keyed by its rules: `formId` prefixes the ids
 * (`contact` and `firstName` make `contact-first-name`).
 */
export function formFields<Rules extends FieldRules>(formId: string, rules: Rules, answer?: FormAnswer<Rules> | null): FormFields<Rules> {
  const fields: Record<string, FormField<string, FieldRule>> = {};
  const { fieldErrors = {}, values = {} }: FormAnswer = answer ?? {};
  for (const name of Object.keys(rules)) {
    const error = fieldErrors[name];
    const id = `${formId}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    fields[name] = { field: { id, rule: rules[name], error }, input: { name, defaultValue: values[name] ?? "" }, error };
  }
  return fields as FormFields<Rules>;
}
