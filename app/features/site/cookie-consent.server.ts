import { COOKIE_NAMES, consentCookieValue, consentFromCookies, parseCookieHeader } from "~/platform/site-cookies";
import { cookieOptions } from "~/platform/cookies.server";
import type { CookieConsent } from "~/platform/site-cookies";

/** The visitor's choice as a plain `cookie-consent=accepted|declined.<policy version>.<when>` cookie (the server reads it: the banner works without JS). */
const COOKIE_NAME = COOKIE_NAMES.consent;
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export async function readConsent(request: Request): Promise<CookieConsent | null> {
  return consentFromCookies(parseCookieHeader(request.headers.get("Cookie")));
}

export async function consentHeader(consent: CookieConsent): Promise<string> {
  const secure = cookieOptions().secure ? "; Secure" : "";
  return `${COOKIE_NAME}=${consentCookieValue(consent, new Date())}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
