/**
 * A route's `handle` that lets its pages (and those of the routes under it) be
 * rendered once and shared with every anonymous visitor through the page cache
 * (`app/infrastructure/page-cache.server.ts`). Only for pages whose content is the same
 * for every visitor but for their cookie choice.
 */
export const SHARED_PAGE_HANDLE = { sharedWithAnonymousVisitors: true } as const;

export function sharesPageWithAnonymousVisitors(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sharedWithAnonymousVisitors?: unknown }).sharedWithAnonymousVisitors === true;
}

/**
 * Pages kept per query string (a comparison on `/business-mobile`), counted
 * apart from the plain pages so that a visitor trying many queries pushes out
 * only other queries' pages.
 */
export const PAGE_CACHE_QUERY_VARIANTS = 100;
