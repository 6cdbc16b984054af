import { COOKIE_CONSENT_VALUES, type CookieConsent } from "~/lib/enums";
import { cookieOptions } from "./cookies.server";

/**
 * The visitor's cookie choice, kept as a plain `cookie-consent=accepted|declined`
 * cookie (readable by the server, so the banner works without JavaScript).
 */
const COOKIE_NAME = "cookie-consent";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export async function readConsent(request: Request): Promise<CookieConsent | null> {
  const header = request.headers.get("Cookie") ?? "";
  const value = header.match(/(?:^|;\s*)cookie-consent=([^;]*)/)?.[1];
  return (COOKIE_CONSENT_VALUES as readonly string[]).includes(value ?? "") ? (value as CookieConsent) : null;
}

export async function consentHeader(consent: CookieConsent): Promise<string> {
  const secure = cookieOptions().secure ? "; Secure" : "";
  return `${COOKIE_NAME}=${consent}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
