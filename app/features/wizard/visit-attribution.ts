import { useEffect, useState } from "react";
import { recordedAttribution, referrerDomain, utmFromSearch, VISIT_LANDING_KEY, type QuoteWizardAnswers } from "~/features/leads";

/**
 * What the browser tells the wizard's first post of where the visit came from (docs/privacy-operations.md): the visit's landing as kept with the visitor's
 * analytics consent (app/features/site/visit-landing.ts), else the form page's own UTM parameters and referring site, read from the page and stored nowhere.
 */
function visitAttribution(): QuoteWizardAnswers {
  try {
    const kept = window.sessionStorage.getItem(VISIT_LANDING_KEY);
    if (kept) {
      const { source, medium, campaign, term, content, referrerDomain: referrer, landingPath } = JSON.parse(kept) as QuoteWizardAnswers;
      return recordedAttribution({ source, medium, campaign, term, content, referrerDomain: referrer, landingPath });
    }
  } catch {
    // Storage blocked or a value we never wrote: the page's own below.
  }
  return recordedAttribution({ ...utmFromSearch(window.location.search), referrerDomain: referrerDomain(document.referrer, window.location.hostname) });
}

/** The visit's attribution once the wizard runs in the browser (none in the server's HTML, which every visitor shares). */
export function useVisitAttribution(): QuoteWizardAnswers {
  const [visit, setVisit] = useState<QuoteWizardAnswers>({});
  useEffect(() => setVisit(visitAttribution()), []);
  return visit;
}
