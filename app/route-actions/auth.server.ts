import { COOKIE_NAMES } from "~/lib/site-cookies";
import { json } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { AdminUser } from "~/lib/admin-users";
import { CHANGE_PASSWORD_PATH } from "~/lib/admin-navigation";
import { ACCOUNT_MESSAGES, PASSWORD_TEXT, SIGN_IN_TEXT, throttledText } from "~/lib/messages";
import { can, type Permission } from "~/lib/permissions";
import { signInSchema } from "~/lib/schemas/account";
import { findAdminAccount, findUserForProviderSignIn, fillProfileFromProvider, verifyLocalSignIn, type AdminAccount } from "~/models/admin-users.server";
import { env, oidcEnabled } from "~/infrastructure/env.server";
import { requestContext } from "~/infrastructure/request-context.server";
import { BODY_LIMITS } from "~/infrastructure/request-body.server";
import { assertWriteAccepted } from "~/route-actions/write-guard.server";
import { activeSessionUserId, clearSessionCookieHeader, destroySession } from "~/route-actions/session.server";
import { redirectWithToast } from "~/route-actions/toast.server";

/** A sign-in attempt that was understood and refused; the message is shown on the sign-in screen. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    /** 401 unless said otherwise (429 while the client must wait). */
    readonly status = 401,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new SignInRefused(parsed.error.issues[0].message, 400);
    const result = await verifyLocalSignIn(parsed.data.email, parsed.data.password, requestContext().clientAddress);
    if (result.ok) return result.user;
    switch (result.reason) {
      case "throttled":
        throw new SignInRefused(throttledText(result.retryAfterSeconds), 429, result.retryAfterSeconds);
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

/** What the provider's userinfo endpoint says of the person (OpenID Connect standard claims). */
const providerClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().max(254).optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  picture: z.string().max(2000).optional(),
});

interface OidcConfiguration {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  revocation_endpoint?: string;
  code_challenge_methods_supported?: string[];
}

let oidcReady: Promise<void> | undefined;

/** Finds the provider's endpoints by discovery (once) and registers the "oidc" strategy. */
function ensureOidcStrategy(): Promise<void> {
  oidcReady ??= (async () => {
    const issuer = env.OIDC_ISSUER!.replace(/\/$/, "");
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`OpenID Connect discovery at ${issuer} answered ${response.status}`);
    const configuration = (await response.json()) as OidcConfiguration;
    const secure = env.APP_URL!.startsWith("https:");
    authenticator.use(
      new OAuth2Strategy<AdminUser>(
        {
          authorizationEndpoint: configuration.authorization_endpoint,
          tokenEndpoint: configuration.token_endpoint,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          redirectURI: `${new URL(env.APP_URL!).origin}/admin/api/callback`,
          scopes: ["openid", "email", "profile"],
          cookie: { name: COOKIE_NAMES.signInState, path: "/admin/api", httpOnly: true, sameSite: "Lax", ...(secure ? { secure: true } : {}) },
        },
        async ({ tokens }) => {
          // The email comes from the provider's userinfo endpoint, never from an unverified token.
          const userinfo = await fetch(configuration.userinfo_endpoint, {
            headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
          });
          if (!userinfo.ok) throw new SignInRefused("Your sign-in provider did not return your details. Please try again.");
          const claims = providerClaimsSchema.safeParse(await userinfo.json().catch(() => null));
          if (!claims.success) throw new SignInRefused("Your sign-in provider did not return your details. Please try again.");
          const { sub, email, email_verified, given_name, family_name, picture } = claims.data;
          // Only an address the provider has checked counts; a missing claim is not a yes.
          if (!email || email_verified !== true) {
            throw new SignInRefused("Your sign-in provider did not confirm an email address.");
          }
          const found = await findUserForProviderSignIn({ issuer, subject: sub, email });
          if (!found.ok) {
            throw new SignInRefused(
              found.reason === "bound-elsewhere"
                ? "This admin account is linked to a different sign-in at your provider. Ask a super admin for help."
                : SIGN_IN_TEXT.notAllowed,
            );
          }
          return fillProfileFromProvider(found.user, { givenName: given_name, familyName: family_name, picture });
        },
      ),
      "oidc",
    );
  })().catch((error) => {
    oidcReady = undefined; // try discovery again next time
    throw error;
  });
  return oidcReady;
}

/** Runs a strategy; a strategy's redirect (to the provider) is returned as it is. */
export async function authenticate(strategy: "local" | "oidc", request: Request): Promise<AdminUser | Response> {
  if (strategy === "oidc") {
    if (!oidcEnabled) throw new SignInRefused("Sign-in through a provider is not configured.");
    await ensureOidcStrategy();
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

/**
 * For admin JSON routes: the user allowed to do this, or 401 / 403 JSON
 * (thrown). A user who has not yet replaced a temporary password gets 403.
 */
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
