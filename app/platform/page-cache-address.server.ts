import type { PageQueryReader } from "./page-cache";

/** The address a shareable page is kept under (page-cache.server.ts): no ad tracking; a page reading its query keeps a copy per query, in its one spelling. */

/** Parameters that ad and email platforms add to links; no page reads them. */
const TRACKING_PARAMETER = /^(?:utm_\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;
const isTrackingParameter = (name: string) => TRACKING_PARAMETER.test(name);

export interface SharedAddress {
  /** The URL to render (tracking off, the query normalised). */
  url: string;
  /** What the page is kept under (before the site's origin and the cookie choice). */
  key: string;
  /** A page for a query string, kept among the bounded query variants. */
  variant: boolean;
}

/** The address a request for `path` with `query` (undefined: none) shares, or undefined when it may not share one; `readsQuery` from the page's route. */
export function sharedAddress(path: string, query: string | undefined, readsQuery?: PageQueryReader): SharedAddress | undefined {
  if (readsQuery) {
    const read = readsQuery(new URLSearchParams(query ?? ""), isTrackingParameter);
    if (read === undefined) return undefined;
    const url = read.search === "" ? path : `${path}?${read.search}`;
    // The day is part of the key: the same query priced from yesterday is another page.
    return { url, key: read.day === undefined ? url : `${url} ${read.day}`, variant: read.search !== "" };
  }
  if (query !== undefined && ![...new URLSearchParams(query).keys()].every(isTrackingParameter)) return undefined;
  return { url: path, key: path, variant: false };
}
