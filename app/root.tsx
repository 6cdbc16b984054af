import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { RequestReference } from "~/lib/request-id";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { iconSpriteHref } from "~/ui/icons";
import { Toaster } from "~/ui/toaster";
import type { RootData } from "~/platform/brand";
import { useMarkHydrated } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { brand, siteOrigin } from "~/platform/brand.server";
import { readConsent } from "~/features/site/cookie-consent.server";
import { env } from "~/platform/env.server";
import { takeToast } from "~/platform/toast.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // Fetched with the page rather than when the first icon is met.
  { rel: "preload", href: iconSpriteHref, as: "image", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request);
  const data = {
    brand,
    origin: siteOrigin,
    toast,
    consent: await readConsent(request),
    analyticsId: env.ANALYTICS_GA_MEASUREMENT_ID ?? null,
    // The footer's copyright year, from the server's clock rather than each browser's.
    year: new Date().getFullYear(),
  } satisfies RootData & Record<string, unknown>;
  return json(data, { headers });
}

export type RootLoader = typeof loader;

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5cf1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useMarkHydrated();
  return (
    <Document>
      <Outlet />
      <Toaster flashed={toast} />
    </Document>
  );
}

// No logging here: the server logs a fault once (entry.server's handleError); this only shows it.
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document>
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{notFound ? "404" : "Something went wrong"}</p>
        <h1 className="text-3xl font-bold text-slate-900">{notFound ? "404 Page Not Found" : "Sorry, we couldn't load this page"}</h1>
        <p className="text-slate-600">
          {notFound
            ? "The page you were looking for doesn't exist or has moved."
            : "Please try again in a moment. If the problem continues, call or email us and we'll help straight away."}
        </p>
        {notFound ? null : <RequestReference />}
        <a href="/" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Back to the home page
        </a>
      </main>
    </Document>
  );
}
