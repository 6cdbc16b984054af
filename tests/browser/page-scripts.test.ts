import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { firstLoadJavaScript, homePage } from "../../scripts/client-build.js";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { isSameDocument, JS_MODES, markDocument, openPage, waitForHydration, watchProblems } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

// A page paints before its scripts download: they start at its load event, then the page
// hydrates as it always did. Checked on a page shared from the page cache (its inline scripts
// allowed by their hashes) and on a staff screen (allowed by the request's nonce).

const journey = useServerAndBrowser(TEST_OWNER_ENV);

/** When the page's load event started, and when each of its own scripts was asked for (ms since navigation). */
async function scriptTimings(page: Page): Promise<{ loadEventStart: number; scripts: { url: string; startTime: number }[] }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
      .map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime }));
    return { loadEventStart: navigation.loadEventStart, scripts };
  });
}

/** Follows a link of the main navigation and answers whether the browser loaded a new document for it. */
async function followedWithNewDocument(page: Page, navigation: string, linkName: string, url: string): Promise<boolean> {
  await markDocument(page);
  await page.getByRole("navigation", { name: navigation }).getByRole("link", { name: linkName }).click();
  await page.waitForURL(url);
  return !(await isSameDocument(page));
}

const PAGES = [
  { label: "a public page from the page cache", path: "/about", navigation: "Main", link: "Business Mobiles", next: "/business-mobile", staff: false },
  { label: "a staff screen", path: "/admin/leads", navigation: "Admin", link: "Testimonials", next: "/admin/testimonials", staff: true },
];

describe.each(JS_MODES)("a page's scripts $name", (mode) => {
  it.each(PAGES)("$label shows first, then its scripts load and it hydrates without an error", async ({ path, navigation, link, next, staff }) => {
    const page = await openPage(journey.browser, mode);
    if (staff) await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    const problems = watchProblems(page);
    await page.goto(`${journey.server.url}${path}`);
    await page.getByRole("navigation", { name: navigation }).getByRole("link", { name: link }).waitFor();

    if (mode.javaScriptEnabled) {
      await waitForHydration(page);
      const { loadEventStart, scripts } = await scriptTimings(page);
      expect(scripts.map((script) => script.url)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/build\/entry\.client-/)]));
      for (const script of scripts) expect(script.startTime, script.url).toBeGreaterThanOrEqual(loadEventStart);
      // Hydrated: the link is followed by the router, in the same document.
      expect(await followedWithNewDocument(page, navigation, link, `${journey.server.url}${next}`)).toBe(false);
    } else {
      expect((await scriptTimings(page)).scripts).toEqual([]);
      expect(await followedWithNewDocument(page, navigation, link, `${journey.server.url}${next}`)).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

const WITH_JAVASCRIPT = JS_MODES.find((mode) => mode.javaScriptEnabled)!;

/** Lighthouse's phone, and a laptop: neither shows the quote wizard or the carousel as the page loads. */
const SCREENS = [
  { name: "a phone", viewport: { width: 412, height: 823 } },
  { name: "a laptop", viewport: { width: 1280, height: 720 } },
];

describe("the home page's scripts with JavaScript", () => {
  it.each(SCREENS)(
    "are exactly the files the build's manifest lists for it on $name, so the size the javascript benchmark and its test read is what a visit downloads",
    async ({ viewport }) => {
      const page = await openPage(journey.browser, WITH_JAVASCRIPT, { viewport });
      await page.goto(`${journey.server.url}/`);
      await waitForHydration(page, { wakeParts: false });
      const downloaded = (await scriptTimings(page)).scripts.map((script) => script.url);
      expect(new Set(downloaded).size).toBe(downloaded.length);
      expect([...downloaded].sort()).toEqual([...homePage(firstLoadJavaScript()).files].sort());
      await page.context().close();
    },
  );
});
