import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandLogo } from "./brand-logo";
import type { Brand } from "~/platform/brand";

/** The customer's pages' plain frame (the quote at /quote/{token} and its order): the brand and its phone number, no site navigation. */
export function QuoteFrame({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  const root = useRouteLoaderData<{ brand: Brand }>("root");
  return (
    <div className="flex min-h-screen flex-col bg-white">
      {banner}
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4 sm:px-6">
          {root ? <BrandLogo name={root.brand.name} /> : null}
          {root ? <span className="text-sm text-slate-600">{root.brand.phone}</span> : null}
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/**
 * The one answer of a customer's page to a link that is not one (mistyped, changed, guessed, a draft's or an open quote's order): the same words and headers
 * whatever was wrong with it, naming what the link is for.
 */
export function CustomerLinkError({ of, notFound }: { of: "quote" | "order"; notFound: boolean }) {
  return (
    <QuoteFrame>
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? `We could not find this ${of}` : `Sorry, we couldn't load this ${of}`}</h1>
      <p className="mt-3 text-slate-700">
        {notFound
          ? "Please check the link in your email: it may be incomplete. If it still does not open, call or email us and we will send it again."
          : "Please try again in a moment. If the problem continues, call or email us and we'll help straight away."}
      </p>
    </QuoteFrame>
  );
}
