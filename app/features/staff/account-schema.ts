import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./sign-in";
import { LIMITS } from "~/lib/form-fields";
import { PASSWORD_TEXT } from "./staff-messages";

/** Passwords are taken exactly as typed: never trimmed. */
function password(missing: string) {
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .min(1, missing)
    .max(MAX_PASSWORD_LENGTH, `Please keep passwords to ${MAX_PASSWORD_LENGTH} characters or fewer`);
}

/** The local sign-in form (`POST /admin/api/login`). */
export const signInSchema = z.object({
  email: z
    .string({ required_error: "Enter your email address", invalid_type_error: "Enter your email address" })
    .trim()
    .min(1, "Enter your email address")
    .max(LIMITS.email)
    .email("Enter a valid email address"),
  password: z
    .string({ required_error: "Enter your password", invalid_type_error: "Enter your password" })
    .min(1, "Enter your password")
    .max(MAX_PASSWORD_LENGTH),
});
/**
 * "Change your password" for the signed-in user whose email is given: the current password, a new one of at least MIN_PASSWORD_LENGTH characters that is
 * neither their email (in any case), nor common (`isCommon`, given by the server: the list is not shipped to browsers), nor the current one, and the new one
 * again.
 */
export function passwordChangeSchema(email: string, isCommon: (password: string) => boolean = () => false) {
  return z
    .object({
      currentPassword: password("Please enter your current password"),
      newPassword: password("Please choose a new password").pipe(
        z
          .string()
          .min(MIN_PASSWORD_LENGTH, `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters`)
          .refine((value) => value.trim().toLowerCase() !== email.trim().toLowerCase(), "Please choose a password that is not your email address")
          .refine((value) => !isCommon(value), PASSWORD_TEXT.common),
      ),
      confirmPassword: password("Please enter your new password again"),
    })
    .superRefine((value, ctx) => {
      if (value.newPassword === value.currentPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: "Please choose a password different from your current one" });
      }
      if (value.confirmPassword !== value.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "The two new passwords don't match" });
      }
    });
}
export type PasswordChangeInput = z.infer<ReturnType<typeof passwordChangeSchema>>;
