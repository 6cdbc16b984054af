import { json } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { AdminUser } from "~/lib/admin-users";
import { can, type Permission } from "~/lib/permissions";
import { findAdminUserById, findUserForProviderSignIn, fillProfileFromProvider, verifyLocalSignIn } from "~/models/admin-users.server";
import { env, oidcEnabled } from "./env.server";
import { BODY_LIMITS } from "./request-body.server";
import { assertWriteAccepted } from "./write-guard.server";
import { activeSessionUserId, clearSessionCookieHeader, destroySession } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** A sign-in attempt that was understood and refused; the message is shown on the sign-in screen. */
export class SignInRefused extends Error {}

const NOT_ALLOWED = "This account is not allowed into the admin portal. Ask a super admin to invite you.";

const localCredentialsSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address").max(254).email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(200),
});

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = localCredentialsSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new SignInRefused(parsed.error.issues[0].message);
    const result = await verifyLocalSignIn(parsed.data.email, parsed.data.password);
    if (result.ok) return result.user;
    if (result.reason === "locked") {
      throw new SignInRefused("Too many failed attempts. This account is locked for 15 minutes.");
    }
    if (result.reason === "inactive") throw new SignInRefused(NOT_ALLOWED);
    throw new SignInRefused("That email and password don't match an admin account.");
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
          cookie: { name: "oidc-state", path: "/admin/api", httpOnly: true, sameSite: "Lax", ...(secure ? { secure: true } : {}) },
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
                : NOT_ALLOWED,
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

/** The signed-in, active admin user, or null. A deactivated user's session is gone already. */
export async function getAdminUser(request: Request): Promise<AdminUser | null> {
  const userId = await activeSessionUserId(request);
  if (!userId) return null;
  const user = await findAdminUserById(userId);
  if (!user?.isActive) {
    await destroySession(request);
    return null;
  }
  return user;
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
  options: { permission?: Permission; signedOut?: SignedOutDestination; maxBodyBytes?: number } = {},
): Promise<AdminUser> {
  assertWriteAccepted(request, options.maxBodyBytes ?? BODY_LIMITS.form);
  const user = await getAdminUser(request);
  if (!user) {
    const destination = options.signedOut ?? "admin-panel";
    const headers = { "Set-Cookie": await clearSessionCookieHeader() };
    throw await redirectWithToast(destination === "login" ? "/admin/api/login" : "/admin", SIGNED_OUT_TOASTS[destination], { headers });
  }
  if (options.permission && !can(user.role, options.permission)) {
    throw await redirectWithToast("/admin/dashboard", {
      kind: "destructive",
      title: "Access Denied",
      description: "Your role does not allow that. Ask a super admin if you need it.",
    });
  }
  return user;
}

/** For admin JSON routes: the user allowed to do this, or 401 / 403 JSON (thrown). */
export async function requireAdminApiUser(
  request: Request,
  permission: Permission = "view",
  options: { maxBodyBytes?: number } = {},
): Promise<AdminUser> {
  assertWriteAccepted(request, options.maxBodyBytes ?? BODY_LIMITS.json);
  const user = await getAdminUser(request);
  if (!user) throw json({ error: "Unauthorized" }, { status: 401 });
  if (!can(user.role, permission)) throw json({ error: "Forbidden: your role does not allow this" }, { status: 403 });
  return user;
}

export async function signOutResponse(request: Request): Promise<Response> {
  await destroySession(request);
  return redirectWithToast(
    "/admin",
    { kind: "default", title: "Signed out", description: "You have signed out of the admin portal." },
    { headers: { "Set-Cookie": await clearSessionCookieHeader() } },
  );
}


