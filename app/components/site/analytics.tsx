import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const SCRIPT_ID = "google-analytics";

function loadGoogleAnalytics(measurementId: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet does.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
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
 * accepted cookies; reports the page path on every navigation.
 */
export function Analytics({ measurementId, consent }: { measurementId: string | null; consent: string | null }) {
  const location = useLocation();
  const enabled = Boolean(measurementId) && consent === "accepted";

  useEffect(() => {
    if (enabled && measurementId) loadGoogleAnalytics(measurementId);
  }, [enabled, measurementId]);

  useEffect(() => {
    if (!enabled || !window.gtag) return;
    window.gtag("event", "page_view", {
      page_path: location.pathname + location.search,
      page_location: window.location.href,
      page_title: document.title,
    });
  }, [enabled, location.pathname, location.search]);

  return null;
}
