import { Link, useFetcher } from "@remix-run/react";
import { Cookie, X } from "~/ui/icons";
import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
import { rememberConsent, storedConsent } from "./cookie-consent-storage";
import type { CookieConsent } from "~/platform/site-cookies";

/**
 * Asks for cookie consent one second after the page loads, until the visitor
 * answers. A plain form post (works without JavaScript); with JavaScript the
 * choice is also kept in localStorage and the banner hides at once.
 */
export function CookieBanner({ consent, redirectTo }: { consent: CookieConsent | null; redirectTo: string }) {
  const fetcher = useFetcher();
  const [answered, setAnswered] = useState(false);

  // A choice kept in this browser but missing from the cookie is sent again quietly.
  useEffect(() => {
    if (consent) return;
    const stored = storedConsent();
    if (stored) {
      setAnswered(true);
      fetcher.submit(
        { consent: stored, stay: "true" },
        {
          method: "post",
          action: "/cookie-consent",
          preventScrollReset: true,
        },
      );
    }
    // Only on first load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (consent || answered) return null;

  return (
    <section aria-label="Cookie consent" data-testid="cookie-banner" className="appear-after-1s fixed inset-x-0 bottom-0 z-50 p-4 sm:p-6">
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        preventScrollReset
        onSubmit={(event) => {
          // The page may have been rendered for the URL without its ad tracking (the page cache
          // shares it), so the way back is taken from the address bar itself.
          const back = event.currentTarget.elements.namedItem("redirectTo") as HTMLInputElement;
          back.value = window.location.pathname + window.location.search;
          // No redirect for the script: Remix would follow it as a navigation, undoing a link clicked meanwhile.
          (event.currentTarget.elements.namedItem("stay") as HTMLInputElement).value = "true";
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const choice = submitter?.value === "accepted" ? "accepted" : "declined";
          rememberConsent(choice);
          setAnswered(true);
        }}
        className="relative mx-auto flex max-w-4xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 pr-12 shadow-2xl sm:flex-row sm:items-center"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="stay" value="" />
        <Cookie className="hidden size-8 shrink-0 text-brand-600 sm:block" aria-hidden />
        <p className="text-sm leading-6 text-slate-700">
          We use cookies to understand how our site is used and to improve it. Analytics cookies are only set if you accept. Read our{" "}
          <Link to="/cookies" className="font-semibold text-brand-700 underline underline-offset-2">
            Cookies Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button type="submit" name="consent" value="declined" variant="outline" size="sm">
            Decline
          </Button>
          <Button type="submit" name="consent" value="accepted" size="sm">
            Accept All
          </Button>
        </div>
        <button
          type="submit"
          name="consent"
          value="declined"
          aria-label="Close cookie banner"
          className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-4" aria-hidden />
        </button>
      </fetcher.Form>
    </section>
  );
}
