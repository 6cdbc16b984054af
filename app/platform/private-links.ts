/**
 * The addresses whose last part is a key: a customer's quote (`/quote/{token}` and its `.pdf`), a newsletter confirmation (`/newsletter/confirm/{token}`) and
 * an unsubscribe link (`/unsubscribe/{token}`). Whoever holds one acts as its person, so such an address never leaves the server whole: the request log and
 * analytics are given it with the key replaced. Shared by the server (its log line) and the browser (the page path analytics is sent).
 */

/** What stands in for the key. */
export const MASKED_TOKEN = "[token]";

/** The fixed words before the key, as the app's routes spell them. */
const PRIVATE_LINK_PREFIXES: readonly (readonly string[])[] = [["quote"], ["newsletter", "confirm"], ["unsubscribe"]];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path with a private link's key masked (`/quote/[token]`, `/quote/[token].pdf`, `/newsletter/confirm/[token]`, `/unsubscribe/[token]`); any other path as
 * given. Matched however the address is spelt that still reaches those routes or might be meant for them (any case, percent-encoded letters or slashes,
 * repeated or trailing slashes, more after the key), so no spelling carries a key past it. Takes the path without its query string.
 */
export function maskPrivateLink(path: string): string {
  // Decoded before splitting, so an encoded slash separates too: more is masked, never less.
  const segments = path
    .split("/")
    .map(decoded)
    .join("/")
    .split("/")
    .filter((segment) => segment !== "");
  const words = segments.map((segment) => segment.toLowerCase());
  for (const prefix of PRIVATE_LINK_PREFIXES) {
    if (segments.length <= prefix.length || !prefix.every((word, index) => words[index] === word)) continue;
    const pdf = prefix[0] === "quote" && segments.length === prefix.length + 1 && words.at(-1)!.endsWith(".pdf");
    return `/${prefix.join("/")}/${MASKED_TOKEN}${pdf ? ".pdf" : ""}`;
  }
  return path;
}

/**
 * A full address (a page's location, or a referrer of this site's) with a private link's key masked and its query kept; another site's address is given as its
 * origin only, as the browser's referrer policy would send it. Empty stays empty.
 */
export function maskPrivateLinkUrl(address: string, siteOrigin: string): string {
  if (!address) return address;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "";
  }
  if (url.origin !== siteOrigin) return `${url.origin}/`;
  return `${url.origin}${maskPrivateLink(url.pathname)}${url.search}`;
}
