import { minutesText } from "./sign-in";
import type { ToastMessage } from "~/lib/messages";
import { greetingName, type AdminUser } from "./admin-users";

type GreetedUser = Pick<AdminUser, "firstName" | "lastName" | "email">;

/** "Welcome back, Priya": the dashboard's heading and the signed-in toast. */
export function welcomeBack(user: GreetedUser): string {
  return `Welcome back, ${greetingName(user)}`;
}

// Beyond the spec: staff sign-in, sign-out and passwords.
export const SIGN_IN_TEXT = {
  /** A wrong password and an unknown email get this same answer. */
  invalid: "That email and password don't match an admin account.",
  notAllowed: "This account is not allowed into the admin portal. Ask a super admin to invite you.",
  temporaryPasswordExpired: `Your temporary password has expired. Ask a super admin to reset your password.`,
  tooManyRequests: "Too many sign-in attempts. Please wait a minute and try again.",
  tooLarge: "That sign-in was too large to read. Please enter just your email and password.",
  /** Too many sign-ins are waiting for a password check (503). */
  busy: "Sign-in is busy right now. Please try again in a few seconds.",
  providerUnreachable: "We couldn't reach the sign-in provider. Please try again in a moment.",
  /** The provider's discovery document names another issuer than OIDC_ISSUER. */
  providerMismatch: "The sign-in provider is not the one this portal is set up for. Please tell your administrator.",
} as const;

/** The answer to a client that has been failing for an account: the same whether or not the address exists. */
export function throttledText(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${minutesText(retryAfterSeconds)} and try again.`;
}

export const PASSWORD_TEXT = {
  currentWrong: "That is not your current password.",
  /** A new password from the list of common ones (or a common word with digits added). */
  common: "This password is too common: it is one of the first that attackers try. Please choose another, such as three or four random words.",
  temporaryPasswordExpired: SIGN_IN_TEXT.temporaryPasswordExpired,
  noLocalPassword: "You sign in through your organisation's sign-in provider, so there is no password to change here.",
  providerOnly: "Staff sign in through your sign-in provider, so there are no passwords to reset.",
  /** JSON routes, while a temporary password is unchanged. */
  changeRequired: "Forbidden: change your temporary password first, at /admin/account/password",
} as const;

export const ACCOUNT_MESSAGES = {
  /** Greets them by their first name (see greetingName), as the dashboard does. */
  signedIn: (user: GreetedUser): ToastMessage => ({ kind: "success", title: "Signed in", description: `${welcomeBack(user)}.` }),
  signedOut: { kind: "default", title: "Signed out", description: "You have signed out of the admin portal." },
  changeRequired: {
    kind: "destructive",
    title: "Change your password",
    description: "You signed in with a temporary password. Choose your own password to continue.",
  },
  passwordChanged: {
    kind: "success",
    title: "Password changed",
    description: "Your new password is set. Any other sessions of yours have been signed out.",
  },
} as const satisfies Record<string, ToastMessage | ((...args: never[]) => ToastMessage)>;

/** The admin portal's error screen (beyond the spec). */
export const ADMIN_ERROR_TEXT = {
  notFoundTitle: "Not found",
  notFound: "This record or screen no longer exists. It may have been deleted by another member of staff.",
  faultTitle: "This screen couldn't load",
  fault: "Something went wrong on our side. Nothing you entered has been lost; please try again in a moment.",
  dashboardLink: "Go to the dashboard",
} as const;
