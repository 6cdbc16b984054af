/**
 * The rules of the site's form fields as plain data: whether an answer is required, how long it may be, what kind of answer it is, and the words its messages
 * use. The server's zod schemas (each capability's `*-schema.ts`) are built from these, and so are the inputs' attributes (required marker, maxLength, type),
 * so a rule is written once. This module has no zod in it: it is shipped to the browser, zod is not.
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
 * A text answer may also take at most this many UTF-8 bytes per character of its limit: 2,000 characters of 3-byte symbols would otherwise be 6 KB where 2,000
 * letters are 2 KB, and every lead is copied into its deliveries.
 */
export const BYTES_PER_CHARACTER = 2;

/**
 * What no one types, and what makes a text show other than it reads wherever it is shown (the site, a quote's PDF, an email): C0 and C1 control characters (a
 * multi-line text keeps its tabs and line breaks: browsers send a text area's as CR LF), and the invisible marks that change the order text is drawn in: the
 * bidirectional embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the left-to-right, right-to-left and Arabic letter marks (U+200E,
 * U+200F, U+061C), with which a name could show as another or a quote line's words swap places.
 */
const DIRECTION_MARKS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069";
const HIDDEN_IN_ONE_LINE = new RegExp(`[\u0000-\u001f\u007f-\u009f${DIRECTION_MARKS}]`);
const HIDDEN_IN_LINES = new RegExp(`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f${DIRECTION_MARKS}]`);

/** Whether a text holds a hidden character (see above); `multiLine` allows tabs and line breaks. */
export function hasHiddenCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? HIDDEN_IN_LINES : HIDDEN_IN_ONE_LINE).test(text);
}

/** The message for a text holding hidden characters: `label` as the field's messages name it ("your first name"). */
export function hiddenCharactersMessage(label = "this text"): string {
  return `Please type ${label} again: it holds hidden control or text-direction characters`;
}

/** The bytes a text takes stored as UTF-8. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * `label` completes "Please enter …" / "Please choose …" in the visitor's words. `unmarked`: the server needs the answer but the form shows no required mark
 * and leaves the browser's required check off (the spec's newsletter forms). `multiLine`: a text area's answer, which may hold tabs and line breaks.
 */
export type FieldRule = (
  | { kind: "text"; label: string; required: boolean; maxLength: number; multiLine?: true }
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

/** The same text rule for a text area: its answer may hold tabs and line breaks. */
export function multiLine<R extends { kind: "text" }>(rule: R): R & { multiLine: true } {
  return { ...rule, multiLine: true };
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

/** A phone number as the forms take it: digits, spaces, brackets, dots, dashes and a leading +, with 7 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 7 && digits <= 15;
}

/** What the visitor is told when the field's answer is missing, too long (in characters or in bytes), holds hidden characters or is badly formed. */
export function fieldMessages(rule: FieldRule): { missing: string; tooLong: string; tooManyBytes: string; hidden: string; invalid: string } {
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
  return { missing, tooLong, tooManyBytes, hidden: hiddenCharactersMessage(rule.label), invalid };
}

/** Whether the form marks the field required (an asterisk, and the browser's own check). */
export function markedRequired(rule: FieldRule): boolean {
  return rule.required && !rule.unmarked;
}

/** What a control takes from its rule besides `required` (see markedRequired): the browser stops longer answers and checks email and phone inputs' type. */
export function controlAttributes(rule: FieldRule): { maxLength?: number; type?: "email" | "tel" } {
  if (rule.kind === "choice") return {};
  if (rule.kind === "text") return { maxLength: rule.maxLength };
  return { type: rule.kind === "email" ? "email" : "tel", maxLength: rule.maxLength };
}

/** The field names of a form: its rules' keys, or the names themselves for fields with no rule (a role, a password). */
type FieldNames<Fields extends FieldRules | string> = Fields extends string ? Fields : keyof Fields & string;

/** An action's answer short of a redirect, by field (`FormAnswer<typeof RULES>`, `FormAnswer<keyof typeof RULES | "role">`): a misspelt one won't compile. */
export interface FormAnswer<Fields extends FieldRules | string = string> {
  fieldErrors?: Partial<Record<FieldNames<Fields>, string>>;
  /** What was typed, so the form is shown again as it was. */
  values?: Partial<Record<FieldNames<Fields>, string>>;
  /** Why the model refused when it is about no one field (e.g. the last super admin), shown above the form. */
  formError?: string;
  /** The summary's heading where the spec names the refusal's words ("Missing Information"); without one, "There is a problem". */
  summary?: SummaryHeading;
  toast?: Toast;
}

/** The words heading a refused form's error summary, where the spec gives them (as a toast's title and text there). */
export interface SummaryHeading {
  title: string;
  description: string;
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

/** A field's control id: `formId` prefixes the field's name in kebab case (`contact` and `firstName` make `contact-first-name`). */
export function controlId(formId: string, name: string): string {
  return `${formId}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Every field of a form, keyed by its rules, with ids from controlId. */
export function formFields<Rules extends FieldRules>(formId: string, rules: Rules, answer?: FormAnswer<Rules> | null): FormFields<Rules> {
  const fields: Record<string, FormField<string, FieldRule>> = {};
  const { fieldErrors = {}, values = {} }: FormAnswer = answer ?? {};
  for (const name of Object.keys(rules)) {
    const error = fieldErrors[name];
    const id = controlId(formId, name);
    fields[name] = { field: { id, rule: rules[name], error }, input: { name, defaultValue: values[name] ?? "" }, error };
  }
  return fields as FormFields<Rules>;
}
