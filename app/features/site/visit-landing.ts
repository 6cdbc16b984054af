import { attributionPath, recordedAttribution, referrerDomain, utmFromSearch, VISIT_LANDING_KEY } from "~/features/leads";

/** The visit's first page as the browser showed it, held in memory only until the visitor answers the cookie banner. */
export interface FirstPage {
  path: string;
  search: string;
  referrer: string;
}

/**
 * Loaded only once the visitor has answered the cookie banner (analytics.tsx). Accepted: the visit's first landing (its path, UTM parameters and referring
 * site) is kept in sessionStorage for the visit, unless one already is, for the quote wizard to send (wizard/visit-attribution.ts). Declined: anything kept
 * is removed. The cookies policy lists the key.
 */
export function followCookieChoice(consent: string, first: FirstPage) {
  try {
    if (consent !== "accepted") {
      window.sessionStorage.removeItem(VISIT_LANDING_KEY);
      return;
    }
    if (window.sessionStorage.getItem(VISIT_LANDING_KEY) !== null) return;
    const landing = recordedAttribution({
      ...utmFromSearch(first.search),
      referrerDomain: referrerDomain(first.referrer, window.location.hostname),
      landingPath: attributionPath(first.path),
    });
    window.sessionStorage.setItem(VISIT_LANDING_KEY, JSON.stringify(landing));
  } catch {
    // Storage blocked: the wizard sends the form page's own values instead.
  }
}
