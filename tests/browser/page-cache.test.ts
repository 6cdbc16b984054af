import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JS_MODES, openPage, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

/** A page shared from the page cache works in a real browser exactly as one rendered for the visitor. */

const journey = useServerAndBrowser();

/** Reloads until the page comes from the cache (it is kept just after its first view). */
async function reloadUntilCached(page: Page) {
  await expect.poll(async () => (await page.reload())?.headers()["x-page-cache"]).toBe("hit");
}

/** Everything the browser's Content Security Policy refused on this page. */
function watchRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

describe.each(JS_MODES)("$name", (mode) => {
  it("a visitor from an advert gets the shared page, answers the cookie banner, and is not asked again", async () => {
    const page = await openPage(journey.browser, mode);
    const refusals = watchRefusals(page);
    const advertLink = `${journey.server.url}/about?utm_source=newsletter&gclid=ad-${mode.javaScriptEnabled ? "js" : "plain"}`;
    await page.goto(advertLink);
    await reloadUntilCached(page);
    if (mode.javaScriptEnabled) {
      await waitForHydration(page);
      // Remix's router runs: the inline scripts were allowed by their hashes.
      expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
    }

    await page.getByRole("button", { name: "Accept All" }).click();
    await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
    if (mode.javaScriptEnabled) {
      // The advert's tracking stays in the address bar for analytics.
      expect(page.url()).toBe(advertLink);
    } else {
      await page.waitForURL(`${journey.server.url}/about`);
    }

    // The next page comes from the cache too, for visitors who accepted: no banner.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${journey.server.url}/contact`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await reloadUntilCached(page);
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect(refusals).toEqual([]);
    await page.context().close();
  });
});
