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
