import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration } from "../support/browser";
import { seedTestLeads } from "../support/database";
import { useServerAndBrowser } from "../support/journey";
import { PUBLIC_PAGE_PATHS, STAFF_PAGE_PATHS } from "../support/pages";

// The Content Security Policy allows styles from the site's own stylesheet only (no 'unsafe-inline'):
// every page, public and staff, with and without JavaScript, shows with nothing refused.

const journey = useServerAndBrowser(TEST_OWNER_ENV);

// An unknown address has a page of its own.
const PUBLIC_PAGES = [...PUBLIC_PAGE_PATHS, "/no-such-page"];

beforeAll(async () => {
  await seedTestLeads(journey.server.db, 3);
});

/** Everything the browser's Content Security Policy refused on this page, by its console. */
function watchRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(`${page.url()}: ${message.text()}`);
  });
  return refusals;
}

describe.each(JS_MODES)("Content Security Policy $name", (mode) => {
  it("allows no inline style, and refuses nothing the pages use", async () => {
    const page = await openPage(journey.browser, mode);
    const refusals = watchRefusals(page);
    await page.goto(`${journey.server.url}/`);
    const policy = (await page.request.get(`${journey.server.url}/about`)).headers()["content-security-policy"];
    expect(policy).toMatch(/style-src 'self';/);
    expect(policy).not.toContain("'unsafe-inline'");

    for (const path of PUBLIC_PAGES) {
      await page.goto(`${journey.server.url}${path}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
    }
    if (mode.javaScriptEnabled) {
      // A page reached by a client-side navigation brings the testimonials carousel with it.
      await page.goto(`${journey.server.url}/about`);
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Business Mobiles" }).click();
      await page.waitForURL(`${journey.server.url}/business-mobile`);
      await page.getByRole("region", { name: "Customer testimonials" }).waitFor();
    }
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    for (const path of STAFF_PAGE_PATHS) {
      await page.goto(`${journey.server.url}${path}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
    }
    expect(refusals).toEqual([]);
    await page.context().close();
  });
});
