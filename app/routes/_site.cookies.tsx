import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LegalContactDetails, LegalPage, type LegalSection } from "~/components/site/legal-page";
import { useBrand, type Brand } from "~/lib/brand";
import { COOKIE_NAMES } from "~/lib/site-cookies";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cookies Policy",
    description:
      "The cookies our website sets, what each one does and how long it lasts, how analytics cookies are only used if you accept them, and how to change your choice.",
    path: "/cookies",
  });

const LAST_UPDATED = "2025-06-19";

interface SiteCookie {
  name: string;
  purpose: ReactNode;
  setBy: string;
  duration: string;
}

/** Every cookie the site sets, as the code sets them (cookies.server.ts, the admin session, analytics.tsx). */
const ESSENTIAL_COOKIES: SiteCookie[] = [
  {
    name: COOKIE_NAMES.consent,
    purpose:
      "Remembers whether you chose Accept All or Decline in our cookie banner, so we respect your choice and do not ask again on every page.",
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
    name: COOKIE_NAMES.session,
    purpose:
      "Keeps our staff signed in to the administration portal. It is only set for staff who sign in; visitors to the public website never receive it.",
    setBy: "Us",
    duration: "Until the staff member signs out or the sign-in session ends",
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
        Google Analytics: remembers the state of your current visit. <code>&lt;id&gt;</code> is our Google Analytics
        measurement ID.
      </>
    ),
    setBy: "Google Analytics, on our website",
    duration: "Up to 2 years",
  },
];

function CookieList({ cookies }: { cookies: SiteCookie[] }) {
  return (
    <div className="grid gap-4">
      {cookies.map((cookie) => (
        <div key={cookie.name} className="rounded-xl border border-slate-200 p-5" data-testid="cookie-entry">
          <h4 className="font-semibold text-slate-900">
            <code>{cookie.name}</code>
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

function cookiesSections(brand: Brand): LegalSection[] {
  return [
    {
      id: "what-cookies-are",
      title: "What cookies are",
      body: (
        <>
          <p>
            Cookies are small text files that a website stores in your browser. They let the site remember things
            between pages and visits, such as a choice you have made, and can help the site&rsquo;s owner understand how
            the site is used.
          </p>
          <p>
            Some cookies are essential for a website to work as you expect. Others, such as analytics cookies, are
            optional: under UK law we only set them if you agree.
          </p>
        </>
      ),
    },
    {
      id: "cookies-we-use",
      title: "The cookies we use",
      body: (
        <>
          <p>
            We keep cookies to a minimum. We do not use advertising or social media cookies, and we do not use cookies
            to track you across other websites.
          </p>
          <h3>Essential cookies</h3>
          <p>These are needed for the website to work and are always set when needed.</p>
          <CookieList cookies={ESSENTIAL_COOKIES} />
          <h3>Analytics cookies (only if you accept)</h3>
          <p>
            If you click <strong>Accept All</strong> in our cookie banner, we use Google Analytics to understand how our
            website is used, such as which pages are visited and how people find us, so we can improve it. Google
            Analytics is not loaded, and these cookies are not set, unless you accept. Google does not log or store IP
            addresses in Google Analytics.
          </p>
          <CookieList cookies={ANALYTICS_COOKIES} />
        </>
      ),
    },
    {
      id: "how-we-remember-your-choice",
      title: "How we remember your choice",
      body: (
        <>
          <p>
            The first time you visit, our cookie banner asks whether you accept analytics cookies. Choosing{" "}
            <strong>Decline</strong>, or closing the banner, means only essential cookies are used.
          </p>
          <p>
            We remember your answer in the <code>cookie-consent</code> cookie. If your browser runs JavaScript, we also
            keep it in your browser&rsquo;s local storage under the name <code>cookiesAccepted</code> (with the value{" "}
            <code>true</code> if you accepted, or <code>declined</code>). Local storage is not a cookie and is never
            sent to us; it lets the site remember your choice if the cookie has been removed.
          </p>
        </>
      ),
    },
    {
      id: "changing-your-mind",
      title: "Changing your mind",
      body: (
        <>
          <p>You can change your choice at any time:</p>
          <ol>
            <li>
              In your browser&rsquo;s settings, clear the cookies <strong>and</strong> other site data for our website.
              Clearing site data removes the copy of your choice in local storage as well as the cookies, including any
              Google Analytics cookies.
            </li>
            <li>Visit our website again. The cookie banner will ask for your choice again.</li>
          </ol>
          <p>
            If you clear only the cookies, your browser may still hold your earlier answer in local storage, and the site
            will use it again.
          </p>
        </>
      ),
    },
    {
      id: "controlling-cookies",
      title: "Controlling cookies in your browser",
      body: (
        <>
          <p>
            Most browsers let you see, delete and block cookies, for all websites or for particular ones. The help pages
            for the most common browsers explain how:
          </p>
          <ul>
            <li>
              <a href="https://support.google.com/chrome/answer/95647">Google Chrome</a>
            </li>
            <li>
              <a href="https://support.mozilla.org/en-US/kb/clear-cookies-and-site-data-firefox">Mozilla Firefox</a>
            </li>
            <li>
              <a href="https://support.apple.com/en-gb/guide/safari/sfri11471/mac">Apple Safari</a>
            </li>
            <li>
              <a href="https://support.microsoft.com/en-gb/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09">
                Microsoft Edge
              </a>
            </li>
          </ul>
          <p>
            Google also offers a{" "}
            <a href="https://tools.google.com/dlpage/gaoptout">Google Analytics opt-out browser add-on</a>, which stops
            Google Analytics on every website you visit.
          </p>
          <p>
            If you block all cookies, most of our website will still work, but it cannot remember your cookie choice, so the
            banner will ask you again on each visit.
          </p>
        </>
      ),
    },
    {
      id: "contact-us",
      title: "Contact us",
      body: (
        <>
          <p>
            Our <Link to="/privacy">Privacy Policy</Link> explains how we use personal information, including the
            information collected through analytics cookies. If you have any questions about cookies on the{" "}
            {brand.name} website, please get in touch:
          </p>
          <LegalContactDetails />
        </>
      ),
    },
  ];
}

export default function CookiesPage() {
  const brand = useBrand();
  return (
    <LegalPage
      title="Cookies Policy"
      summary={
        <p>
          Which cookies the {brand.name} website uses, why, and how you can accept, decline or change your mind.
        </p>
      }
      lastUpdated={LAST_UPDATED}
      sections={cookiesSections(brand)}
    />
  );
}
