import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Analytics } from "~/features/site/analytics";
import { CookieBanner, SiteFooter, SiteHeader } from "~/features/site/static-parts";
import { listenToMenus } from "~/ui/menus";
import { SHARED_PAGE_HANDLE } from "~/platform/page-cache";
import type { RootLoader } from "~/root";

/** The public pages are the same for every anonymous visitor, so they are shared through the page cache. */
export const handle = SHARED_PAGE_HANDLE;

/** The public site's frame: header, page, footer, cookie banner and consent-gated analytics. */
export default function SiteLayout() {
  const root = useRouteLoaderData<RootLoader>("root");
  const { pathname, search } = useLocation();
  // Here rather than in the header, whose code the browser may not have (a static part).
  useEffect(() => listenToMenus(document), []);
  if (!root) throw new Error("The site's frame is rendered below the root route");
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader currentPath={pathname} brand={root.brand} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter brand={root.brand} year={root.year} />
      <CookieBanner consent={root.consent} redirectTo={pathname + search} />
      <Analytics measurementId={root.analyticsId} consent={root.consent} />
    </div>
  );
}
