/**
 * A page's scripts start downloading at its load event, after the page has painted.
 *
 * Every page works without JavaScript, so its scripts only enhance it; asked for as the HTML is parsed (Remix's `<Scripts>`: a `modulepreload` link per module
 * and an inline module script), 110 KiB of them compete with the stylesheet and the hero image for a phone's bandwidth, and the first paint and the largest
 * picture wait. Measured with Lighthouse's mobile run (`npm run bench -- lighthouse`): first paint 2.2–2.6 s and performance 0.93–0.96 before, 0.8 s and 1.00
 * after.
 *
 * The markup keeps every element where React expects it when it hydrates: the links lose only their `rel` (kept as `data-rel`) and the module script its type,
 * and at the load event a starter gives the links their `rel` back (the downloads start, all at once) and puts a runnable copy of the module script in the
 * original's place. React does not compare attributes in production, so hydration is not thrown off. The copy is allowed by the page's Content Security Policy
 * like the original: by its nonce, or by the hash of its text (the same text).
 *
 * Development keeps Remix's markup as it is: React's development build warns about the attributes. Should Remix ever write its scripts differently, the page is
 * left as it is (its scripts load as they did before) and `tests/browser/page-scripts.test.ts` fails.
 */
import { isProduction } from "./env.server";

const MODULE_PRELOAD = /<link rel="modulepreload" /g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
const WAITING_TYPE = "text/x-page-scripts";
const WAITING_ID = "page-scripts";

const STARTER_SOURCE = [
  `addEventListener("load", function () {`,
  `  document.querySelectorAll("link[data-rel]").forEach(function (link) { link.rel = link.dataset.rel; });`,
  `  var waiting = document.getElementById("${WAITING_ID}"), script = document.createElement("script");`,
  `  script.type = "module"; script.nonce = waiting.nonce; script.textContent = waiting.textContent;`,
  `  waiting.replaceWith(script);`,
  `}, { once: true });`,
].join("\n");

/** The page with its scripts set to start at its load event; a page without Remix's scripts is returned as it is. */
export function startScriptsAfterLoad(html: string, nonce?: string): string {
  if (!isProduction || !MODULE_SCRIPT.test(html)) return html;
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return html
    .replace(MODULE_PRELOAD, '<link data-rel="modulepreload" ')
    .replace(
      MODULE_SCRIPT,
      (_script, scriptNonce: string) => `<script${nonceAttribute}>${STARTER_SOURCE}</script><script${scriptNonce} type="${WAITING_TYPE}" id="${WAITING_ID}">`,
    );
}
