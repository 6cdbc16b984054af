import { z } from "zod";
import { QUOTE_STATUSES } from "./quotes";
import { QUOTE_EXPIRING_FILTER } from "./quotes-screen";
import { filteredListFromUrl, searchPageSchema } from "~/lib/search-schema";

/** The Quotes screen's URL (and its export's): `?q=&status=&owner=&expiring=&page=`, `owner` a staff id or "unassigned". Bad values fall back, not fail. */
export const quoteListFiltersSchema = searchPageSchema.extend({
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
  owner: z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional()
    .catch(undefined),
  expiring: z.literal(QUOTE_EXPIRING_FILTER).optional().catch(undefined),
});
export type QuoteListFilters = z.infer<typeof quoteListFiltersSchema>;

export function quoteListFiltersFromUrl(url: URL): QuoteListFilters {
  return filteredListFromUrl(quoteListFiltersSchema, url, ["status", "owner", "expiring"]);
}
