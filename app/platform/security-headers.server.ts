import crypto from "node:crypto";
import { env, isProduction } from "./env.server";

const GOOGLE_TAG_HOSTS = ["https://www.googletagmanager.com"];
const GOOGLE_ANALYTICS_HOSTS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"];

const INLINE_ELEMENTS = {
  script: /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  style: /<style\b([^>]*)>([\s\S]*?)<\/style>/gi,
};

/** The SHA-256 hashes of a page's inline `<script>` (without `src`) or `<style>` elements, for a CSP that allows exactly those and nothing injected later. */
export function inlineHashes(html: string, element: "script" | "style"): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_ELEMENTS[element])) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy for an HTML page: its inline scripts are allowed by the nonce it was rendered with, or, for a page shared from the page cache, by
 * their hashes (a shared page cannot carry a per-request nonce). Styles come from the site's stylesheet, and the page's own inline `<style>` elements by their
 * hashes (the no-JavaScript carousel's `:target` rules): never 'unsafe-inline'.
 */
export function contentSecurityPolicy(inlineScripts: { nonce: string } | { hashes: string[] }, styleHashes: string[] = []): string {
  const analytics = Boolean(env.ANALYTICS_GA_MEASUREMENT_ID);
  const inlineSources = "nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.hashes.map((hash) => `'${hash}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineSources, ...(analytics ? GOOGLE_TAG_HOSTS : [])],
    "style-src": ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
    "img-src": ["'self'", "data:", "blob:", ...(analytics ? GOOGLE_ANALYTICS_HOSTS : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(analytics ? GOOGLE_ANALYTICS_HOSTS : []), ...(isProduction ? [] : ["ws:"])],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
