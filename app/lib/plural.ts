import { formatCount } from "./money";

/**
 * Counts in words, the one place a noun follows a number: "1 lead", "2 leads", "0 leads". The plural is the word with an "s" unless given, so irregular
 * words say theirs: `countOf(n, "person", "people")`, `countOf(n, "delivery", "deliveries")`.
 */

/** The word for that many: `one` for exactly 1, else `many`. Also for the words that agree with a count ("has" / "have"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** The count, written as the UK writes it ("1,234"), and its word: "1 lead", "1,234 leads". */
export function countOf(count: number, one: string, many?: string): string {
  return `${formatCount(count)} ${plural(count, one, many)}`;
}

/** A list's title with how many it holds, "Leads (3)"; the title alone when it holds none (its empty message says so). */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `${title} (${formatCount(count)})` : title;
}
