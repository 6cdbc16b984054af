import type { PageQueryReader } from "~/platform/page-cache";
import { comparisonToday, normalisedComparisonSearch } from "./tariff-comparison-schema";

// Server-only, so the comparison page's `handle` costs its browser code nothing.
/** The comparison page's query as the page cache keeps it (its route's `handle`): in its one spelling, for today. */
export const readComparisonQuery: PageQueryReader = (params, ignored) => {
  const today = comparisonToday();
  const search = normalisedComparisonSearch(params, today, ignored);
  return search === undefined ? undefined : { search, day: today };
};
