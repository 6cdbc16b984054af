import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { openPage, smallTargets, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { seedSourcedLeads } from "../support/sourced-leads";

/**
 * Staff read the Sources screen (issue 41) for October 2026 and change its grouping with the form: without JavaScript on a desktop, with it on a phone
 * (390 px), where the table is stacked and nothing scrolls sideways.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);
const MODES = [
  { mode: { name: "without JavaScript", javaScriptEnabled: false }, width: 1280 },
  { mode: { name: "with JavaScript", javaScriptEnabled: true }, width: 390 },
] as const;

beforeAll(() => seedSourcedLeads(journey.server.db));

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const firstCells = (page: Page) => page.getByTestId("sources-row").locator("td:first-child").allTextContents();

describe.each(MODES)("the Sources screen $mode.name at $width px", ({ mode, width }) => {
  it("shows the seeded sources and groups them by campaign when asked", async () => {
    const page = await openPage(journey.browser, mode, { viewport: { width, height: 900 } });
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/reports/sources?from=2026-10-01&to=2026-10-31`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect(await firstCells(page)).toEqual(["bing", "google", "Not recorded"]);
    expect(await page.getByTestId("sources-totals").locator("td").last().textContent()).toBe("£75.00");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (width === 390) expect(await smallTargets(page)).toEqual([]);

    await page.getByLabel("Group by").selectOption({ label: "Campaign" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("group") === "campaign");
    await expect.poll(() => firstCells(page)).toEqual(["summer", "spring", "Not recorded"]);
    expect(await page.getByLabel("First day").inputValue()).toBe("2026-10-01");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
