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
 * Not a cookie: the sessionStorage key holding the visit's first landing (app/features/site/visit-landing.ts), written only once the visitor accepts analytics
 * cookies, read by the quote wizard only while they still do, and removed when they decline. The cookies policy lists it.
 */
export const VISIT_LANDING_KEY = "visitLanding";

/** Fired on `window` once the visit's landing is kept: the landing's code loads after the page's, so a wizard already on the page reads it again. */
export const VISIT_LANDING_KEPT_EVENT = "visitlandingkept";

/** Cookies that make a page one visitor's own (a flashed message, a staff sign-in): a request with one is rendered for it, never shared from the page cache. */
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

/** The version of the cookies policy a choice is made under; a new one when the policy's cookies change (2026-11-2: the visit's landing, `visitLanding`). */
export const COOKIE_POLICY_VERSION = "2026-11-2";

/** Where the footer's "Cookie settings" link leads: the cookies policy's Accept/Decline form. */
export const COOKIE_SETTINGS_PATH = "/cookies#settings";

/**
 * The consent cookie's value: the choice, the policy version and when it was made (UTC, compact), e.g. `accepted.2026-11-1.20261125T231500Z`, so the choice can
 * be shown to have been made under a given policy.
 */
export function consentCookieValue(consent: CookieConsent, now: Date): string {
  const when = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${consent}.${COOKIE_POLICY_VERSION}.${when}`;
}

/**
 * The visitor's cookie choice from their cookies: null until they answer the banner (or for a value we never set). The choice is the value's first part; a
 * plain `accepted`/`declined` (set before the version was recorded) still counts.
 */
export function consentFromCookies(cookies: Map<string, string>): CookieConsent | null {
  const choice = (cookies.get(COOKIE_NAMES.consent) ?? "").split(".")[0] ?? "";
  return (COOKIE_CONSENT_VALUES as readonly string[]).includes(choice) ? (choice as CookieConsent) : null;
}

export const COOKIE_CONSENT_VALUES = ["accepted", "declined"] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];
