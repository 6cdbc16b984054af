import { z } from "zod";

/** A searchable, paged list's URL: `?q=&page=`. Bad values fall back rather than fail. */
export const searchPageSchema = z.object({
  q: z.string().trim().max(200).catch(""),
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
