import { comparisonToday, normalisedComparisonSearch } from "~/lib/schemas/tariff-comparison";

/**
 * Which address a shareable page request is kept under (`page-cache.server.ts`):
 * ad tracking is taken off, and a page that reads its query keeps one copy per
 * query in its one spelling.
 */

/** Parameters that ad and email platforms add to links; no page reads them. */
const TRACKING_PARAMETER = /^(?:utm_\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;
const isTrackingParameter = (name: string) => TRACKING_PARAMETER.test(name);

/**
 * Pages whose content follows their query string: how to write a query in its one spelling
 * (undefined: not shareable, e.g. a bad value the page explains to its visitor). Their
 * content also depends on the UK's day (a comparison starts today), which is in their key.
 */
const PAGES_WITH_QUERIES: Record<string, (params: URLSearchParams, today: string, ignored: (name: string) => boolean) => string | undefined> = {
  "/business-mobile": normalisedComparisonSearch,
};

export interface SharedAddress {
  /** The URL to render (tracking off, the query normalised). */
  url: string;
  /** What the page is kept under (before the site's origin and the cookie choice). */
  key: string;
  /** A page for a query string, kept among the bounded query variants. */
  variant: boolean;
}

/** The address a request for `path` with `query` (undefined: none) shares, or undefined when it may not share one. */
export function sharedAddress(path: string, query: string | undefined): SharedAddress | undefined {
  const readsQuery = PAGES_WITH_QUERIES[path];
  if (readsQuery) {
    const today = comparisonToday();
    const search = readsQuery(new URLSearchParams(query ?? ""), today, isTrackingParameter);
    if (search === undefined) return undefined;
    const url = search === "" ? path : `${path}?${search}`;
    // Today is part of the key: the same query priced from yesterday is another page.
    return { url, key: `${url} ${today}`, variant: search !== "" };
  }
  if (query !== undefined && ![...new URLSearchParams(query).keys()].every(isTrackingParameter)) return undefined;
  return { url: path, key: path, variant: false };
}
