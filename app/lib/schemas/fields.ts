import { z } from "zod";

/**
 * Building blocks for form and API schemas: every text is trimmed and
 * bounded, and each message says what to do in the visitor's words.
 * An empty required field fails with code "too_small" (minimum 1), which is
 * how a missing answer is told apart from a badly formed one.
 */

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  shortText: 200,
  message: 5000,
} as const;

export function requiredText(label: string, max: number = LIMITS.shortText) {
  return z
    .string({ required_error: `Please enter ${label}`, invalid_type_error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `Please keep ${label} to ${max} characters or fewer`);
}

/** An optional text: empty or absent becomes undefined. */
export function optionalText(label: string, max: number = LIMITS.shortText) {
  return z
    .string()
    .trim()
    .max(max, `Please keep ${label} to ${max} characters or fewer`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

export function requiredEmail() {
  return requiredText("your email address", LIMITS.email).pipe(
    z.string().email("Please enter a valid email address, like name@company.co.uk"),
  );
}

/** Digits with optional spaces, brackets, dashes and a leading +; 7 to 15 digits. */
const phonePattern = /^\+?[\d\s().-]+$/;

export function requiredPhone(label = "your phone number") {
  return requiredText(label, LIMITS.phone).pipe(
    z
      .string()
      .regex(phonePattern, "Please enter a valid phone number, like 07700 900123")
      .refine((value) => {
        const digits = value.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15;
      }, "Please enter a valid phone number, like 07700 900123"),
  );
}

/** One of a fixed list, where an empty answer counts as missing. */
export function requiredChoice<T extends readonly [string, ...string[]]>(label: string, options: T) {
  return z
    .string({ required_error: `Please choose ${label}`, invalid_type_error: `Please choose ${label}` })
    .trim()
    .min(1, `Please choose ${label}`)
    .pipe(z.enum(options, { errorMap: () => ({ message: `Please choose ${label} from the list` }) }));
}
