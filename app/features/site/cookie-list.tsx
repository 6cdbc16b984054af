import type { ReactNode } from "react";
import { COOKIE_NAMES, VISIT_LANDING_KEY } from "~/platform/site-cookies";

interface SiteCookie {
  name: string;
  purpose: ReactNode;
  setBy: string;
  duration: string;
}

/** Every cookie the site sets, as the code sets them (cookies.server.ts, the admin session, analytics.tsx), and what it keeps in the browser with consent. */
const ESSENTIAL_COOKIES: SiteCookie[] = [
  {
    name: COOKIE_NAMES.consent,
    purpose:
      "Remembers whether you chose Accept All or Decline (in our cookie banner or the cookie settings), which version of this policy you chose under and when, so we respect your choice and do not ask again on every page.",
    setBy: "Us",
    duration: "12 months",
  },
  {
    name: COOKIE_NAMES.toast,
    purpose:
      "Carries the short confirmation or error message shown after you submit a form, such as a quote request or enquiry. It is removed as soon as the message has been shown.",
    setBy: "Us",
    duration: "1 minute",
  },
  {
    name: COOKIE_NAMES.secureSession,
    purpose: `Keeps our staff signed in to the administration portal. It is only set for staff who sign in; visitors to the public website never receive it. (Named ${COOKIE_NAMES.session} where the site is reached without HTTPS, as on a developer's own computer.)`,
    setBy: "Us",
    duration: "Until the staff member signs out or the sign-in session ends (within hours)",
  },
];

const ANALYTICS_COOKIES: SiteCookie[] = [
  {
    name: "_ga",
    purpose: "Google Analytics: tells one visitor apart from another so we can count visits and see which pages are used.",
    setBy: "Google Analytics, on our website",
    duration: "Up to 2 years",
  },
  {
    name: "_ga_<id>",
    purpose: (
      <>
        Google Analytics: remembers the state of your current visit.{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-900">&lt;id&gt;</code> is our Google Analytics measurement ID.
      </>
    ),
    setBy: "Google Analytics, on our website",
    duration: "Up to 2 years",
  },
  {
    name: VISIT_LANDING_KEY,
    purpose:
      "Session storage in your browser, not a cookie: remembers the first page of your visit, the campaign tags in its address (utm_source and the like) and the website that linked to it (its name only), so that a quote request you send later in the visit tells us how you found us. Nothing that identifies you.",
    setBy: "Us",
    duration: "Until you close the tab or window",
  },
];

const COOKIES_BY_KIND = { essential: ESSENTIAL_COOKIES, analytics: ANALYTICS_COOKIES } as const;

/** The cookie policy's list of one kind of cookie (used from the policy's Markdown). */
export function CookieList({ kind }: { kind: keyof typeof COOKIES_BY_KIND }) {
  const cookies = COOKIES_BY_KIND[kind];
  return (
    <div className="not-prose grid gap-4">
      {cookies.map((cookie) => (
        <div key={cookie.name} className="rounded-xl border border-slate-200 p-5" data-testid="cookie-entry">
          <h4 className="font-semibold text-slate-900">
            <code className="font-mono">{cookie.name}</code>
          </h4>
          <p className="mt-2">{cookie.purpose}</p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-900">Set by</dt>
            <dd>{cookie.setBy}</dd>
            <dt className="font-semibold text-slate-900">Lasts</dt>
            <dd>{cookie.duration}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
