import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type { FormAnswer } from "./form-fields";

export type ParsedForm<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors; missingRequired: boolean };

/** Validates a submission; the first message for each field, and whether a required answer was missing. */
export function parseWithSchema<S extends z.ZodTypeAny>(schema: S, input: unknown): ParsedForm<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  let missingRequired = false;
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "form";
    fieldErrors[field] ??= issue.message;
    if ((issue.code === "too_small" && issue.minimum === 1 && issue.type === "string") || (issue.code === "invalid_type" && issue.received === "undefined")) {
      missingRequired = true;
    }
  }
  return { success: false, fieldErrors, missingRequired };
}

/** The text fields of a form post, for showing the form again. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== HONEYPOT_FIELD) values[key] = value;
  }
  return values;
}

/** The hidden field only bots fill (see HoneypotField). */
export const HONEYPOT_FIELD = "websiteUrl";

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
