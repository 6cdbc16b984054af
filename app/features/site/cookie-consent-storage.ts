import type { CookieConsent } from "~/platform/site-cookies";

/** The key and values SPEC section 9 gives for the stored choice. */
const STORAGE_KEY = "cookiesAccepted";
const STORED_VALUE: Record<CookieConsent, string> = { accepted: "true", declined: "declined" };

/** The visitor's cookie choice as this browser keeps it, if it does. */
export function storedConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    if (value === STORED_VALUE.accepted) return "accepted";
    if (value === STORED_VALUE.declined) return "declined";
  } catch {
    // Storage can be blocked; the cookie still carries the choice.
  }
  return null;
}

export function rememberConsent(consent: CookieConsent) {
  try {
    window.localStorage.setItem(STORAGE_KEY, STORED_VALUE[consent]);
  } catch {
    // As above.
  }
}
