import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { maskPrivateLink, maskPrivateLinkUrl } from "~/platform/private-links";
import { VISIT_LANDING_KEY } from "~/platform/site-cookies";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const SCRIPT_ID = "google-analytics";

/** The visit's first page, in memory only: kept for the visit once the visitor accepts (visit-landing.ts), forgotten otherwise. */
const FIRST_PAGE = typeof document === "undefined" ? null : { path: maskPrivateLink(location.pathname), search: location.search, referrer: document.referrer };

/** The page as analytics is told of it: its path, address and referrer with a private link's key masked. */
function maskedPage() {
  const { origin, pathname, search, href } = window.location;
  return {
    page_path: maskPrivateLink(pathname) + search,
    page_location: maskPrivateLinkUrl(href, origin),
    page_referrer: maskPrivateLinkUrl(document.referrer, origin),
    page_title: document.title,
  };
}

function loadGoogleAnalytics(measurementId: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet does.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  // Before the configuration, so nothing Google's script sends by itself carries the address unmasked.
  window.gtag("set", maskedPage());
  // Page views are sent by hand below, once per navigation.
  window.gtag("config", measurementId, { send_page_view: false, anonymize_ip: true });
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/**
 * Google Analytics 4, only when configured and only once the visitor has
 * accepted cookies; reports the page path on every navigation. A private link's
 * key (a newsletter confirmation's, an unsubscribe link's) is masked in every
 * address it is given, the page's and the referrer's, and those are set for every
 * event Google's script sends, not only the page view.
 */
export function Analytics({ measurementId, consent }: { measurementId: string | null; consent: string | null }) {
  const location = useLocation();
  const enabled = Boolean(measurementId) && consent === "accepted";

  useEffect(() => {
    if (enabled && measurementId) loadGoogleAnalytics(measurementId);
  }, [enabled, measurementId]);

  // Where the visit came from, for a quote request: its code loads only once the visitor has accepted; declined (wherever), what was kept goes.
  useEffect(() => {
    if (consent === "accepted" && FIRST_PAGE) void import("./visit-landing").then((landing) => landing.keepVisitLanding(FIRST_PAGE));
    if (consent !== "declined") return;
    try {
      window.sessionStorage.removeItem(VISIT_LANDING_KEY);
    } catch {
      // Storage blocked: nothing was kept.
    }
  }, [consent]);

  useEffect(() => {
    if (!enabled || !window.gtag) return;
    const page = maskedPage();
    window.gtag("set", page);
    window.gtag("event", "page_view", page);
  }, [enabled, location.pathname, location.search]);

  return null;
}
