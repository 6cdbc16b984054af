import { parseWithSchema } from "~/lib/form-submission";
import type { TariffListFilters } from "./tariffs";
import { searchPageFromUrl } from "~/lib/search-schema";
import { tariffListParams, tariffListQuerySchema } from "./tariffs-schema";

/** What the Tariffs screen's search form shows: the URL's parameters that are in their lists. */
export interface TariffScreenQuery {
  q: string;
  network?: string;
  status?: string;
  serviceType?: string;
  stale?: string;
}

/** The Tariffs screen's URL, read by `GET /admin/api/tariffs`'s schema; here a value not in its list is no filter (the API answers 400 instead). */
export function tariffScreenQueryFromUrl(url: URL): { filters: TariffListFilters; query: TariffScreenQuery; page: number } {
  const params = tariffListParams(url);
  let parsed = parseWithSchema(tariffListQuerySchema, params);
  if (!parsed.success) {
    for (const name of Object.keys(parsed.fieldErrors)) params[name] = null;
    parsed = parseWithSchema(tariffListQuerySchema, params);
  }
  const filters = parsed.success ? parsed.data : {};
  const shown = (name: string) => params[name] || undefined;
  const { q, page } = searchPageFromUrl(url);
  return { filters, page, query: { q, network: shown("network"), status: shown("status"), serviceType: shown("serviceType"), stale: shown("stale") } };
}
