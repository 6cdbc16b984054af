import { COOKIE_CONSENT_VALUES, type CookieConsent } from "~/lib/enums";
import { consentCookie, cookieOptions } from "./cookies.server";

export async function readConsent(request: Request): Promise<CookieConsent | null> {
  const value = await consentCookie.parse(request.headers.get("Cookie"));
  return (COOKIE_CONSENT_VALUES as readonly string[]).includes(value) ? (value as CookieConsent) : null;
}

export async function consentHeader(consent: CookieConsent): Promise<string> {
  return consentCookie.serialize(consent, cookieOptions());
}
