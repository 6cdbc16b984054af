import { Link } from "@remix-run/react";
import { Menu, X } from "~/ui/icons";
import { ButtonLink } from "~/ui/button";
import type { Brand } from "~/platform/brand";
import { cn } from "~/lib/cn";
import { HEADER_LINKS } from "~/features/content";
import { BrandLogo } from "./brand-logo";

/** As `<NavLink>` decides it: the link's page or one below it. */
function isCurrent(to: string, currentPath: string) {
  return currentPath === to || currentPath.startsWith(`${to}/`);
}

/** The site's header; `currentPath` is the page it is on, whose link it marks. */
export function SiteHeader({ currentPath, brand }: { currentPath: string; brand: Brand }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo name={brand.name} />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => {
            const current = isCurrent(link.to, currentPath);
            return (
              <Link
                key={link.to}
                to={link.to}
                aria-current={current ? "page" : undefined}
                className={cn("rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100", current ? "text-brand-700" : "text-slate-700")}
              >
                {link.label}
              </Link>
            );
          })}
          <ButtonLink to="/business-mobile#get-quote" size="sm" className="ml-2">
            Get Your Quote
          </ButtonLink>
        </nav>
        {/* A <details>, so it opens and closes without JavaScript; `listenToMenus` closes it when a link in it is chosen. */}
        <details data-menu="" className="group md:hidden" data-testid="mobile-menu">
          <summary
            className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <Menu className="size-6 group-open:hidden" aria-hidden />
            <X className="hidden size-6 group-open:block" aria-hidden />
          </summary>
          <nav aria-label="Mobile" className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg">
            <ul className="grid gap-1">
              {HEADER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={isCurrent(link.to, currentPath) ? "page" : undefined}
                    className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <ButtonLink to="/business-mobile#get-quote" className="mt-3 w-full">
              Get Your Quote
            </ButtonLink>
          </nav>
        </details>
      </div>
    </header>
  );
}
