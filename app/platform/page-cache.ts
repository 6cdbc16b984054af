/**
 * A route's `handle` that lets its pages (and those of the routes under it) be rendered once and shared with every anonymous visitor through the page cache
 * (`app/platform/page-cache.server.ts`). Only for pages whose content is the same for every visitor but for their cookie choice.
 */
export const SHARED_PAGE_HANDLE = { sharedWithAnonymousVisitors: true } as const;

export function sharesPageWithAnonymousVisitors(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sharedWithAnonymousVisitors?: unknown }).sharedWithAnonymousVisitors === true;
}

/** Pages kept per query string (a comparison), counted apart from the plain pages, so a visitor trying many queries pushes out only other queries' pages. */
export const PAGE_CACHE_QUERY_VARIANTS = 100;

/**
 * A page whose content follows its query string (a comparison) says so in its route's `handle` (`readsQuery`): how to write a query in its one spelling
 * (undefined: not shareable, e.g. a bad value the page explains to its visitor), and the UK day its content is for when it depends on the day (a comparison
 * starts today), which is then part of what the page is kept under. `ignored` names the parameters no page reads (ad tracking).
 */
export type PageQueryReader = (params: URLSearchParams, ignored: (name: string) => boolean) => { search: string; day?: string } | undefined;

/** What a shareable page's routes say about it: whether its query string is read, and how. */
export interface SharedPage {
  readsQuery?: PageQueryReader;
}

export function pageQueryReader(handle: unknown): PageQueryReader | undefined {
  const reader = typeof handle === "object" && handle !== null ? (handle as { readsQuery?: unknown }).readsQuery : undefined;
  return typeof reader === "function" ? (reader as PageQueryReader) : undefined;
}
