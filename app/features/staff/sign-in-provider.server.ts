import { COOKIE_NAMES } from "~/platform/site-cookies";
import type { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { OAuth2Tokens } from "arctic";
import { z } from "zod";
import type { AdminUser } from "./admin-users";
import { findUserForProviderSignIn, fillProfileFromProvider } from "./admin-sign-in.server";
import { recordFailedSignIn, recordSignIn } from "./audit-log.server";
import { env } from "~/platform/env.server";
import { ProviderRequestFailed, requestProviderJson } from "~/platform/provider-http.server";
import { logger } from "~/platform/logger.server";
import { ProviderUnavailable, SignInRefused } from "./sign-in-errors.server";
import { SIGN_IN_TEXT } from "./staff-messages";
import { requestContext } from "~/platform/request-store.server";
import { tuned } from "~/platform/tuning.server";

/** Sign-in through the OpenID Connect provider: discovery (with back-off), the token and userinfo requests. */

/** What the provider's userinfo endpoint says of the person (OpenID Connect standard claims). */
const providerClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().max(254).optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  picture: z.string().max(2000).optional(),
});

/** What sign-in needs of the provider's discovery document. */
const oidcConfigurationSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

/** Every call to the provider is given up after this long: a hung provider must not hold requests. */
const providerTimeoutMs = () => tuned("providerTimeoutSeconds", 10) * 1000;
/** After a failed discovery, sign-in waits this long before asking the provider again, doubling up to 5 minutes. */
const PROVIDER_RETRY_SECONDS = tuned("providerRetrySeconds", 30);

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

/** After the n-th failed discovery in a row: PROVIDER_RETRY_SECONDS, doubling, up to 5 minutes. */
function discoveryRetrySeconds(failures: number): number {
  return Math.min(Math.max(PROVIDER_RETRY_SECONDS, 300), PROVIDER_RETRY_SECONDS * 2 ** Math.min(failures - 1, 20));
}

/**
 * Finds the provider's endpoints by discovery (once) and registers the "oidc" strategy. A failed discovery is not tried again on every request (anyone can open
 * the sign-in page): it waits, longer after each failure in a row.
 */
export function ensureOidcStrategy(authenticator: Authenticator<AdminUser>): Promise<void> {
  if (oidcReady) return oidcReady;
  if (lastDiscoveryError && Date.now() < nextDiscoveryAt) return Promise.reject(lastDiscoveryError);
  const issuer = issuerWithoutSlash(env.OIDC_ISSUER!);
  oidcReady = discoverProvider(authenticator, issuer).then(
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

async function discoverProvider(authenticator: Authenticator<AdminUser>, issuer: string): Promise<void> {
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
  const secure = env.APP_URL.startsWith("https:");
  authenticator.use(
    new TimedOAuth2Strategy(
      {
        authorizationEndpoint: authorization_endpoint,
        tokenEndpoint: token_endpoint,
        clientId: env.OIDC_CLIENT_ID!,
        clientSecret: env.OIDC_CLIENT_SECRET!,
        redirectURI: `${env.APP_URL}/admin/api/callback`,
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
        const { sub, email, email_verified, given_name, family_name, name, picture } = claims.data;
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
        const user = await fillProfileFromProvider(found.user, { givenName: given_name, familyName: family_name, name, picture });
        await recordSignIn(user, "provider", clientAddress);
        return user;
      },
    ),
    "oidc",
  );
}
