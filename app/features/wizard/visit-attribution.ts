import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { attributionPath, recordedAttribution, referrerDomain, utmFromSearch, type QuoteWizardAnswers } from "~/features/leads";
import { VISIT_LANDING_KEPT_EVENT, VISIT_LANDING_KEY, type CookieConsent } from "~/platform/site-cookies";

/** The kept landing's shape (app/features/site/visit-landing.ts, which is loaded apart and shares no code with the wizard). */
interface KeptLanding {
  landingPath?: unknown;
  utm?: unknown;
  referrer?: unknown;
}

/**
 * What the browser tells the wizard's first post of where the visit came from (docs/privacy-operations.md): while the visitor accepts analytics cookies, the
 * visit's landing kept for the visit; otherwise the form page's own UTM parameters and referring site, read from the page and stored nowhere.
 */
function visitAttribution(consent: CookieConsent | null): QuoteWizardAnswers {
  const { hostname, search } = window.location;
  try {
    const kept = consent === "accepted" ? window.sessionStorage.getItem(VISIT_LANDING_KEY) : null;
    if (kept) {
      const landing = JSON.parse(kept) as KeptLanding;
      return recordedAttribution({
        ...utmFromSearch(typeof landing.utm === "string" ? landing.utm : ""),
        referrerDomain: referrerDomain(landing.referrer, hostname),
        landingPath: attributionPath(landing.landingPath),
      });
    }
  } catch {
    // Storage blocked or a value we never wrote: the page's own below.
  }
  return recordedAttribution({ ...utmFromSearch(search), referrerDomain: referrerDomain(document.referrer, hostname) });
}

/**
 * The visit's attribution once the wizard runs in the browser (none in the server's HTML, which every visitor shares), read again when the landing is kept:
 * on the page the visit landed on, that happens after the wizard first reads.
 */
export function useVisitAttribution(): QuoteWizardAnswers {
  const consent = useRouteLoaderData<{ consent: CookieConsent | null }>("root")?.consent ?? null;
  const [visit, setVisit] = useState<QuoteWizardAnswers>({});
  useEffect(() => {
    const read = () => setVisit(visitAttribution(consent));
    read();
    window.addEventListener(VISIT_LANDING_KEPT_EVENT, read);
    return () => window.removeEventListener(VISIT_LANDING_KEPT_EVENT, read);
  }, [consent]);
  return visit;
}
