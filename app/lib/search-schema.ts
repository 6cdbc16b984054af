import { z } from "zod";

/** The longest search kept, in characters (a longer one is cut, not refused). */
export const SEARCH_TEXT_MAX = 200;

/**
 * Search text as the lists use it: line breaks and tabs made spaces, other control characters (NUL, escapes) removed, since neither database takes every one of
 * them in a query; trimmed, and cut to SEARCH_TEXT_MAX characters (never inside a character).
 */
export function cleanSearchText(raw: string): string {
  const text = raw
    .replace(/[\t\n\v\f\r]/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
  return Array.from(text).slice(0, SEARCH_TEXT_MAX).join("").trim();
}

/** A searchable, paged list's URL: `?q=&page=`. Bad values fall back rather than fail. */
export const searchPageSchema = z.object({
  q: z.string().transform(cleanSearchText).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/** The raw `q` and `page` of a URL, for `searchPageSchema` or a schema extending it. */
export function searchPageParams(url: URL): { q: string; page: string | number } {
  return { q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 };
}

export function searchPageFromUrl(url: URL): SearchPage {
  return searchPageSchema.parse(searchPageParams(url));
}

/** A filtered list's URL through its schema (one extending `searchPageSchema`): `q`, `page` and each named filter, an empty one as none. */
export function filteredListFromUrl<Schema extends z.ZodTypeAny>(schema: Schema, url: URL, filters: readonly string[]): z.output<Schema> {
  const values = Object.fromEntries(filters.map((name) => [name, url.searchParams.get(name) || undefined]));
  return schema.parse({ ...searchPageParams(url), ...values }) as z.output<Schema>;
}

/** Whether a list's URL searches or filters it (anything but the page set), so it can say what it found. */
export function isSearched(filters: object): boolean {
  return Object.entries(filters).some(([name, value]) => name !== "page" && value !== undefined && value !== null && value !== "");
}
