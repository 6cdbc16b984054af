import { env, isProduction } from "~/infrastructure/env.server";

const GOOGLE_TAG_HOSTS = ["https://www.googletagmanager.com"];
const GOOGLE_ANALYTICS_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

/**
 * The Content-Security-Policy for an HTML page: its inline scripts are allowed by
 * the nonce it was rendered with, or, for a page shared from the page cache, by
 * their hashes (a shared page cannot carry a per-request nonce).
 */
export function contentSecurityPolicy(inlineScripts: { nonce: string } | { hashes: string[] }): string {
  const analytics = Boolean(env.ANALYTICS_GA_MEASUREMENT_ID);
  const inlineSources = "nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.hashes.map((hash) => `'${hash}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineSources, ...(analytics ? GOOGLE_TAG_HOSTS : [])],
    // Tailwind ships as a file; the few inline style attributes (widths) need this.
    "style-src": ["'self'", "'unsafe-inline'"],
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
