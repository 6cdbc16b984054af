import { COOKIE_CONSENT_VALUES, type CookieConsent } from "./enums";

/** The name of every cookie the site sets (the cookies policy lists them for visitors). */
export const COOKIE_NAMES = {
  consent: "cookie-consent",
  toast: "toast",
  /** The staff session over plain HTTP (a developer's own computer). */
  session: "__session",
  /** The staff session over HTTPS: the `__Host-` prefix binds it to this host, Secure, on every path. */
  secureSession: "__Host-session",
  signInState: "oidc-state",
} as const;

/**
 * Cookies that make a page one visitor's own (a flashed message, a staff sign-in):
 * a request carrying one is always rendered for it and never shared from the page cache.
 */
export const PERSONAL_COOKIE_NAMES: readonly string[] = [COOKIE_NAMES.toast, COOKIE_NAMES.session, COOKIE_NAMES.secureSession, COOKIE_NAMES.signInState];

/** The cookies a request sent, by name (the first of a repeated name wins, as browsers send the most specific first). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (name && !cookies.has(name)) cookies.set(name, pair.slice(separator + 1).trim());
  }
  return cookies;
}

/** The visitor's cookie choice from their cookies: null until they answer the banner (or for a value we never set). */
export function consentFromCookies(cookies: Map<string, string>): CookieConsent | null {
  const value = cookies.get(COOKIE_NAMES.consent);
  return (COOKIE_CONSENT_VALUES as readonly string[]).includes(value ?? "") ? (value as CookieConsent) : null;
}
