import { z } from "zod";
import {
  BYTES_PER_CHARACTER,
  fieldMessages,
  hasHiddenCharacters,
  hiddenCharactersMessage,
  isPhoneNumber,
  utf8Bytes,
  type FieldRule,
  type FieldRules,
} from "./form-fields";

/**
 * Form and API schemas are made from the field rules in `lib/form-fields` (the same rules the browser's inputs are given): every text is trimmed and bounded in
 * characters and in UTF-8 bytes (BYTES_PER_CHARACTER), and each message says what to do in the visitor's words. An empty required field fails with code
 * "too_small" (minimum 1), which is how a missing answer is told apart from a badly formed one.
 */

type Choice<R> = R extends { options: readonly (infer O extends string)[] } ? O : never;

/** What a rule's schema gives: the chosen option, a trimmed text, or undefined for an empty optional text. */
export type FieldSchema<R extends FieldRule> = z.ZodType<
  R extends { kind: "choice" } ? Choice<R> : R extends { required: true } ? string : string | undefined,
  z.ZodTypeDef,
  unknown
>;

/**
 * Every free text the staff and the public send is refused while it holds a hidden character (`hasHiddenCharacters` in lib/form-fields: control characters, NUL
 * among them, which Postgres cannot store at all; and the marks that reorder text as it is drawn), with the field's message. `multiLine`: a text area's, which
 * keeps its tabs and line breaks; `message`: the field's own.
 */
export function withoutHiddenCharacters<S extends z.ZodType<string, z.ZodTypeDef, unknown>>(
  schema: S,
  { multiLine = false, message = hiddenCharactersMessage() }: { multiLine?: boolean; message?: string } = {},
) {
  return schema.refine((value) => !hasHiddenCharacters(value, multiLine), message);
}

export function fieldSchema<R extends FieldRule>(rule: R): FieldSchema<R> {
  const messages = fieldMessages(rule);
  const withinBytes = (value: string) => rule.kind === "choice" || utf8Bytes(value) <= rule.maxLength * BYTES_PER_CHARACTER;
  const plainText = { multiLine: rule.kind === "text" && rule.multiLine === true, message: messages.hidden };
  if (!rule.required) {
    // An optional text: empty or absent becomes undefined.
    return withoutHiddenCharacters(z.string().trim().max(rule.maxLength, messages.tooLong).refine(withinBytes, messages.tooManyBytes), plainText)
      .optional()
      .transform((value) => (value ? value : undefined)) as unknown as FieldSchema<R>;
  }
  const answer = z.string({ required_error: messages.missing, invalid_type_error: messages.missing }).trim().min(1, messages.missing);
  switch (rule.kind) {
    case "choice":
      return answer.pipe(z.enum(rule.options, { errorMap: () => ({ message: messages.invalid }) })) as unknown as FieldSchema<R>;
    case "email":
      return answer.max(rule.maxLength, messages.tooLong).pipe(z.string().email(messages.invalid)) as unknown as FieldSchema<R>;
    case "phone":
      return answer.max(rule.maxLength, messages.tooLong).pipe(z.string().refine(isPhoneNumber, messages.invalid)) as unknown as FieldSchema<R>;
    default:
      return withoutHiddenCharacters(
        answer.max(rule.maxLength, messages.tooLong).refine(withinBytes, messages.tooManyBytes),
        plainText,
      ) as unknown as FieldSchema<R>;
  }
}

/** A form's schema: one field schema per rule, unknown fields dropped. */
export function formSchema<R extends FieldRules>(rules: R): z.ZodObject<{ [K in keyof R]: FieldSchema<R[K]> }> {
  const shape = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule)]));
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof R]: FieldSchema<R[K]> }>;
}
