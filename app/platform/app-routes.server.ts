import { routes } from "@remix-run/dev/server-build";
import { pageQueryReader, sharesPageWithAnonymousVisitors, type SharedPage } from "./page-cache";
import { canonicalPath, routeMatcher, type RouteMatch } from "./route-patterns";

/**
 * The app's own routes, from the server build Remix serves (the compiler's virtual module), so an address is judged by the route that will answer it, not by
 * how it is spelt. Read at the first request: this module is part of the build it reads.
 */
let matcher: ((path: string) => RouteMatch | undefined) | undefined;

/** The route answering this path (without its query string; repeated slashes count as one); undefined when none does. */
export function routeFor(path: string): RouteMatch | undefined {
  matcher ??= routeMatcher(Object.values(routes).map(({ id, parentId, path, index, caseSensitive }) => ({ id, parentId, path, index, caseSensitive })));
  return matcher(path.replace(/\/\/+/g, "/"));
}

/**
 * The path as the app spells it, when a route has it (see `canonicalPath`). `route` is `routeFor(path)`, already found for the request: when the path is
 * already spelt as `canonicalPath` looks it up (the usual case), that route is reused rather than matched again.
 */
export function canonicalPathOf(path: string, route: RouteMatch | undefined): string | undefined {
  return canonicalPath(path, (spelt) => (spelt === path ? route : routeFor(spelt)));
}

/** The staff portal's routes: `/admin` and everything under it, however the address was spelt. */
export function isStaffPortal(route: RouteMatch | undefined): boolean {
  return route !== undefined && (route.pattern === "/admin" || route.pattern.startsWith("/admin/"));
}

/**
 * A page one of whose routes lets it be shared through the page cache (`_site.tsx`'s handle), with how it reads its query string if one of its routes says (a
 * comparison); undefined for any other page, and for a catch-all's 404.
 */
export function sharedPageOf(route: RouteMatch | undefined): SharedPage | undefined {
  if (route === undefined || route.splat) return undefined;
  const handles = route.routeIds.map((id) => routes[id]?.module.handle);
  if (!handles.some(sharesPageWithAnonymousVisitors)) return undefined;
  return {
    readsQuery: handles
      .map(pageQueryReader)
      .reverse()
      .find((reader) => reader !== undefined),
  };
}
