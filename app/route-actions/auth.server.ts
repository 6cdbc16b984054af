import { COOKIE_NAMES } from "~/lib/site-cookies";
import { json } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { OAuth2Tokens } from "arctic";
import { z } from "zod";
import type { AdminUser } from "~/lib/admin-users";
import { CHANGE_PASSWORD_PATH } from "~/lib/admin-navigation";
import { ACCOUNT_MESSAGES, PASSWORD_TEXT, SIGN_IN_TEXT, throttledText } from "~/lib/messages";
import { can, type Permission } from "~/lib/permissions";
import { signInSchema } from "~/lib/schemas/account";
import {
  findAdminAccount,
  findUserForProviderSignIn,
  fillProfileFromProvider,
  verifyLocalSignIn,
  type AdminAccount,
  type LocalSignInResult,
} from "~/models/admin-users.server";
import { recordFailedSignIn, recordSignIn } from "~/models/audit-log.server";
import { admitSignInCheck, PasswordChecksBusy } from "~/infrastructure/password.server";
import { env, oidcEnabled } from "~/infrastructure/env.server";
import { requestContext } from "~/infrastructure/request-context.server";
import { BODY_LIMITS } from "~/infrastructure/request-body.server";
import { ProviderRequestFailed, requestProviderJson } from "~/infrastructure/provider-http.server";
import { assertWriteAccepted } from "~/route-actions/write-guard.server";
import { activeSessionUserId, clearSessionCookieHeader, destroySession } from "~/route-actions/session.server";
import { redirectWithToast } from "~/route-actions/toast.server";
import { logger } from "~/infrastructure/logger.server";

/** A sign-in attempt that was understood and refused; the message is shown on the sign-in screen. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    /** 401 unless said otherwise (429 while the client must wait, 503 while the password checks are full). */
    readonly status = 401,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<AdminUser>();

/** Admitted to the password checks (see admitSignInCheck), or refused with 503 and when to try again. */
function admitSignIn(): () => void {
  try {
    return admitSignInCheck();
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
    const release = admitSignIn();
    let result: LocalSignInResult;
    try {
      result = await verifyLocalSignIn(email, password, clientAddress);
    } finally {
      release();
    }
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

/** What the provider's userinfo endpoint says of the person (OpenID Connect standard claims). */
const providerClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().max(254).optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  picture: z.string().max(2000).optional(),
});

/** What sign-in needs of the provider's discovery document. */
const oidcConfigurationSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

/** Sign-in through the provider cannot start now; the message is shown to the visitor. */
export class ProviderUnavailable extends Error {}

/** Every call to the provider is given up after OIDC_TIMEOUT_SECONDS: a hung provider must not hold requests. */
const providerTimeoutMs = () => env.OIDC_TIMEOUT_SECONDS * 1000;

/** The token request, as remix-auth-oauth2 makes it (client secret by HTTP Basic, PKCE), within the time limit. */
class TimedOAuth2Strategy extends OAuth2Strategy<AdminUser> {
  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    const body = new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: codeVerifier });
    if (this.options.redirectURI) body.set("redirect_uri", this.options.redirectURI.toString());
    const credentials = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64");
    const answer = await requestProviderJson(this.options.tokenEndpoint.toString(), {
      method: "POST",
      body: body.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${credentials}` },
      timeoutMs: providerTimeoutMs(),
    });
    const data = answer.body;
    if (answer.status !== 200 || typeof data !== "object" || data === null) {
      const reason = data && typeof data === "object" && "error" in data ? ` (${String(data.error)})` : "";
      throw new ProviderRequestFailed(`The provider's token endpoint answered ${answer.status}${reason}`);
    }
    return new OAuth2Tokens(data);
  }
}

const issuerWithoutSlash = (issuer: string) => issuer.replace(/\/+$/, "");

/** Discovery's state: ready (or under way), else when it may be tried again after failing. */
let oidcReady: Promise<void> | undefined;
let failedDiscoveries = 0;
let nextDiscoveryAt = 0;
let lastDiscoveryError: ProviderUnavailable | undefined;

/** After the n-th failed discovery in a row: OIDC_RETRY_SECONDS, doubling, up to 5 minutes (or OIDC_RETRY_SECONDS if longer). */
function discoveryRetrySeconds(failures: number): number {
  return Math.min(Math.max(env.OIDC_RETRY_SECONDS, 300), env.OIDC_RETRY_SECONDS * 2 ** Math.min(failures - 1, 20));
}

/**
 * Finds the provider's endpoints by discovery (once) and registers the "oidc"
 * strategy. A failed discovery is not tried again on every request (anyone can
 * open the sign-in page): it waits, longer after each failure in a row.
 */
function ensureOidcStrategy(): Promise<void> {
  if (oidcReady) return oidcReady;
  if (lastDiscoveryError && Date.now() < nextDiscoveryAt) return Promise.reject(lastDiscoveryError);
  const issuer = issuerWithoutSlash(env.OIDC_ISSUER!);
  oidcReady = discoverProvider(issuer).then(
    () => {
      failedDiscoveries = 0;
      lastDiscoveryError = undefined;
    },
    (error: unknown) => {
      oidcReady = undefined;
      failedDiscoveries += 1;
      const waitSeconds = discoveryRetrySeconds(failedDiscoveries);
      nextDiscoveryAt = Date.now() + waitSeconds * 1000;
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      logger.error(
        { event: "sign_in.discovery_failed", issuer, waitSeconds },
        `OpenID Connect discovery at ${issuer} failed: ${reason}. Sign-in through the provider is tried again in ${waitSeconds} s.`,
      );
      lastDiscoveryError = error instanceof ProviderUnavailable ? error : new ProviderUnavailable(SIGN_IN_TEXT.providerUnreachable, { cause: error });
      throw lastDiscoveryError;
    },
  );
  return oidcReady;
}

async function discoverProvider(issuer: string): Promise<void> {
  const answer = await requestProviderJson(`${issuer}/.well-known/openid-configuration`, { timeoutMs: providerTimeoutMs() });
  if (answer.status !== 200) throw new ProviderRequestFailed(`it answered ${answer.status}`);
  const configuration = oidcConfigurationSchema.safeParse(answer.body);
  if (!configuration.success) throw new ProviderRequestFailed("its answer is not a discovery document with the endpoints sign-in needs");
  // The document must be the configured issuer's own (OpenID Connect Discovery 1.0, section 4.3).
  const { issuer: named, authorization_endpoint, token_endpoint, userinfo_endpoint } = configuration.data;
  if (issuerWithoutSlash(named) !== issuer) {
    throw new ProviderUnavailable(SIGN_IN_TEXT.providerMismatch, {
      cause: new Error(`its document names the issuer ${JSON.stringify(named)}, not OIDC_ISSUER (${issuer}), so it is not used`),
    });
  }
  const secure = env.APP_URL!.startsWith("https:");
  authenticator.use(
    new TimedOAuth2Strategy(
      {
        authorizationEndpoint: authorization_endpoint,
        tokenEndpoint: token_endpoint,
        clientId: env.OIDC_CLIENT_ID!,
        clientSecret: env.OIDC_CLIENT_SECRET!,
        redirectURI: `${new URL(env.APP_URL!).origin}/admin/api/callback`,
        scopes: ["openid", "email", "profile"],
        cookie: { name: COOKIE_NAMES.signInState, path: "/admin/api", httpOnly: true, sameSite: "Lax", ...(secure ? { secure: true } : {}) },
      },
      async ({ tokens }) => {
        const clientAddress = requestContext().clientAddress;
        // The email comes from the provider's userinfo endpoint, never from an unverified token.
        const userinfo = await requestProviderJson(userinfo_endpoint, {
          headers: { Authorization: `Bearer ${tokens.accessToken()}` },
          timeoutMs: providerTimeoutMs(),
        });
        if (userinfo.status !== 200) throw new SignInRefused("Your sign-in provider did not return your details. Please try again.");
        const claims = providerClaimsSchema.safeParse(userinfo.body);
        if (!claims.success) throw new SignInRefused("Your sign-in provider did not return your details. Please try again.");
        const { sub, email, email_verified, given_name, family_name, picture } = claims.data;
        // Only an address the provider has checked counts; a missing claim is not a yes.
        if (!email || email_verified !== true) {
          await recordFailedSignIn({ email: email ?? "", method: "provider", reason: "unverifiedEmail", clientAddress });
          throw new SignInRefused("Your sign-in provider did not confirm an email address.");
        }
        const found = await findUserForProviderSignIn({ issuer, subject: sub, email });
        if (!found.ok) {
          await recordFailedSignIn({ email, method: "provider", reason: found.reason, clientAddress });
          throw new SignInRefused(
            found.reason === "bound-elsewhere"
              ? "This admin account is linked to a different sign-in at your provider. Ask a super admin for help."
              : SIGN_IN_TEXT.notAllowed,
          );
        }
        const user = await fillProfileFromProvider(found.user, { givenName: given_name, familyName: family_name, picture });
        await recordSignIn(user, "provider", clientAddress);
        return user;
      },
    ),
    "oidc",
  );
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
