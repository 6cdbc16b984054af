import { VISIT_LANDING_KEPT_EVENT, VISIT_LANDING_KEY } from "~/platform/site-cookies";

/** The visit's first page as the browser showed it (a private link's key masked), held in memory only until the visitor accepts analytics cookies. */
export interface FirstPage {
  path: string;
  search: string;
  referrer: string;
}

/**
 * What sessionStorage keeps of the visit's landing: its path, its `utm_*` parameters alone (as a query string) and the referring site's host, never its
 * address. The quote wizard normalises them as it sends them (app/features/wizard/visit-attribution.ts), and the server again.
 */
export interface VisitLanding {
  landingPath: string;
  utm: string;
  referrer: string;
}

/**
 * Loaded only once the visitor has accepted analytics cookies (analytics.tsx): keeps the visit's first landing for the visit, unless one already is. Kept
 * free of the leads capability's code, so what a consenting visitor downloads for it is this file alone.
 */
export function keepVisitLanding(first: FirstPage) {
  try {
    if (window.sessionStorage.getItem(VISIT_LANDING_KEY) !== null) return;
    const utm = new URLSearchParams([...new URLSearchParams(first.search)].filter(([name]) => name.startsWith("utm_")));
    let referrer = "";
    try {
      referrer = new URL(first.referrer).hostname;
    } catch {
      // No referrer (typed, a bookmark) or none the browser would tell.
    }
    const landing: VisitLanding = { landingPath: first.path, utm: utm.toString(), referrer: referrer === window.location.hostname ? "" : referrer };
    window.sessionStorage.setItem(VISIT_LANDING_KEY, JSON.stringify(landing));
    window.dispatchEvent(new Event(VISIT_LANDING_KEPT_EVENT));
  } catch {
    // Storage blocked: the wizard sends the form page's own values instead.
  }
}
