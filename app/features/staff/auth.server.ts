import { json } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AdminUser } from "./admin-users";
import { CHANGE_PASSWORD_PATH } from "./admin-navigation";
import { can, type Permission } from "./permissions";
import { signInSchema } from "./account-schema";
import { findAdminAccount, verifyLocalSignIn, type AdminAccount } from "./admin-sign-in.server";
import { recordFailedSignIn, recordSignIn } from "./audit-log.server";
import { PasswordChecksBusy } from "~/platform/password.server";
import { oidcEnabled } from "~/platform/env.server";
import { BODY_LIMITS } from "~/platform/request-body.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";
import { activeSessionUserId, clearSessionCookieHeader, destroySession } from "./session.server";
import { redirectWithToast } from "~/platform/toast.server";
import { SignInRefused } from "./sign-in-errors.server";
import { ensureOidcStrategy } from "./sign-in-provider.server";
import { ACCOUNT_MESSAGES, PASSWORD_TEXT, SIGN_IN_TEXT, throttledText } from "./staff-messages";
import { requestContext } from "~/platform/request-store.server";

export const authenticator = new Authenticator<AdminUser>();

/** The check of an email and password, or a 503 and when to try again when too many wait for one (see admitSignInCheck). */
async function checkSignIn(email: string, password: string, clientAddress: string) {
  try {
    return await verifyLocalSignIn(email, password, clientAddress);
  } catch (error) {
    if (error instanceof PasswordChecksBusy) throw new SignInRefused(SIGN_IN_TEXT.busy, 503, error.retryAfterSeconds);
    throw error;
  }
}

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new SignInRefused(parsed.error.issues[0].message, 400);
    const { email, password } = parsed.data;
    const clientAddress = requestContext().clientAddress;
    const result = await checkSignIn(email, password, clientAddress);
    if (result.ok) {
      await recordSignIn(result.user, "password", clientAddress);
      return result.user;
    }
    // A throttled attempt was not checked: only checked ones are audited, so guessing cannot flood the log.
    if (result.reason === "throttled") throw new SignInRefused(throttledText(result.retryAfterSeconds), 429, result.retryAfterSeconds);
    await recordFailedSignIn({ email, method: "password", reason: result.reason, clientAddress });
    switch (result.reason) {
      case "inactive":
        throw new SignInRefused(SIGN_IN_TEXT.notAllowed);
      case "temporaryPasswordExpired":
        throw new SignInRefused(SIGN_IN_TEXT.temporaryPasswordExpired);
      default:
        throw new SignInRefused(SIGN_IN_TEXT.invalid);
    }
  }),
  "local",
);

/** Runs a strategy; a strategy's redirect (to the provider) is returned as it is. */
export async function authenticate(strategy: "local" | "oidc", request: Request): Promise<AdminUser | Response> {
  if (strategy === "oidc") {
    if (!oidcEnabled) throw new SignInRefused("Sign-in through a provider is not configured.");
    await ensureOidcStrategy(authenticator);
  }
  try {
    return await authenticator.authenticate(strategy, request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The signed-in, active admin user's account, or null. A deactivated user's session is gone already. */
export async function getAdminSession(request: Request): Promise<AdminAccount | null> {
  const userId = await activeSessionUserId(request);
  if (!userId) return null;
  const account = await findAdminAccount(userId);
  if (!account?.user.isActive) {
    await destroySession(request);
    return null;
  }
  requestContext().userId = account.user.id;
  return account;
}

/** The signed-in, active admin user, or null. */
export async function getAdminUser(request: Request): Promise<AdminUser | null> {
  return (await getAdminSession(request))?.user ?? null;
}

/** Where a signed-out visitor to an admin page is sent (SPEC section 8). */
export type SignedOutDestination = "admin-panel" | "user-management" | "login";

const SIGNED_OUT_TOASTS = {
  "admin-panel": { kind: "destructive", title: "Access Denied", description: "You need to sign in to access the admin panel." },
  "user-management": { kind: "destructive", title: "Access Denied", description: "You need to sign in to access user management." },
  login: { kind: "destructive", title: "Unauthorized", description: "You are logged out. Logging in again..." },
} as const;

/** For admin pages: the signed-in user allowed to do this, or a redirect (thrown). */
export async function requireAdminPageUser(
  request: Request,
  options: {
    permission?: Permission;
    signedOut?: SignedOutDestination;
    /** Only the change-password screen: reachable while a temporary password is still unchanged. */
    allowTemporaryPassword?: boolean;
    /** The largest body the page's form may send (default: a form's). */
    maxBodyBytes?: number;
  } = {},
): Promise<AdminUser> {
  return (await requireAdminPageAccount(request, options)).user;
}

/** requireAdminPageUser, with the account's password state. */
export async function requireAdminPageAccount(request: Request, options: Parameters<typeof requireAdminPageUser>[1] = {}): Promise<AdminAccount> {
  assertWriteAccepted(request, options.maxBodyBytes ?? BODY_LIMITS.form);
  const account = await getAdminSession(request);
  if (!account) {
    const destination = options.signedOut ?? "admin-panel";
    const headers = { "Set-Cookie": await clearSessionCookieHeader() };
    throw await redirectWithToast(destination === "login" ? "/admin/api/login" : "/admin", SIGNED_OUT_TOASTS[destination], { headers });
  }
  if (account.passwordChangeRequired && !options.allowTemporaryPassword) {
    throw await redirectWithToast(CHANGE_PASSWORD_PATH, ACCOUNT_MESSAGES.changeRequired);
  }
  if (options.permission && !can(account.user.role, options.permission)) {
    throw await redirectWithToast("/admin/dashboard", {
      kind: "destructive",
      title: "Access Denied",
      description: "Your role does not allow that. Ask a super admin if you need it.",
    });
  }
  return account;
}

/** For admin JSON routes: the user allowed to do this, or 401 / 403 JSON (thrown). A user who has not yet replaced a temporary password gets 403. */
export async function requireAdminApiUser(request: Request, permission: Permission = "view", options: { maxBodyBytes?: number } = {}): Promise<AdminUser> {
  assertWriteAccepted(request, options.maxBodyBytes ?? BODY_LIMITS.json);
  const account = await getAdminSession(request);
  if (!account) throw json({ error: "Unauthorized" }, { status: 401 });
  if (account.passwordChangeRequired) {
    throw json({ error: PASSWORD_TEXT.changeRequired, passwordChangeRequired: true }, { status: 403 });
  }
  if (!can(account.user.role, permission)) throw json({ error: "Forbidden: your role does not allow this" }, { status: 403 });
  return account.user;
}

/** Ends this request's session (the row is deleted) and lands on the sign-in screen. */
export async function signOutResponse(request: Request): Promise<Response> {
  await destroySession(request);
  return redirectWithToast("/admin", ACCOUNT_MESSAGES.signedOut, { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
}

/** Every Data protection screen's loader and action (retention, a person's data, the register): admins and super admins only. */
export function requireDataProtectionUser(request: Request): Promise<AdminUser> {
  return requireAdminPageUser(request, { permission: "manageDataProtection", signedOut: "login" });
}
