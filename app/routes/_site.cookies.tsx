import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import CookiesDocument, { attributes } from "~/features/site/legal/cookies.mdx";
import { LegalPage } from "~/features/site/legal-page";
import { Button } from "~/ui/button";
import { pageMeta } from "~/features/site/seo";
import type { RootLoader } from "~/root";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/cookies",
  });

const CHOICE_TEXT = { accepted: "You accepted analytics cookies.", declined: "You declined analytics cookies." } as const;

/**
 * Where the footer's "Cookie settings" link leads: the same Accept/Decline as
 * the banner, as a plain form (works without JavaScript), with the current
 * choice. The page cache keeps one copy per choice, so showing it is safe.
 */
function CookieSettings() {
  const consent = useRouteLoaderData<RootLoader>("root")?.consent ?? null;
  return (
    <section id="settings" aria-labelledby="cookie-settings-heading" className="mx-auto grid max-w-3xl gap-4 px-4 pb-16 sm:px-6 lg:px-8">
      <h2 id="cookie-settings-heading" className="text-2xl font-bold text-slate-900">
        Cookie settings
      </h2>
      <p className="text-slate-700" data-testid="cookie-choice">
        {consent ? CHOICE_TEXT[consent] : "You have not chosen yet."} You can change your choice here at any time.
      </p>
      <form method="post" action="/cookie-consent" className="flex flex-wrap gap-3" aria-label="Cookie settings">
        <input type="hidden" name="redirectTo" value="/cookies#settings" />
        <Button type="submit" name="consent" value="declined" variant="outline">
          Decline
        </Button>
        <Button type="submit" name="consent" value="accepted">
          Accept
        </Button>
      </form>
    </section>
  );
}

/** The text lives in `app/features/site/legal/cookies.mdx`. */
export default function CookiesPage() {
  return (
    <>
      <LegalPage document={CookiesDocument} attributes={attributes} />
      <CookieSettings />
    </>
  );
}
