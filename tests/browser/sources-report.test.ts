import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { openPage, smallTargets, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { seedSourcedLeads } from "../support/sourced-leads";

/**
 * Staff read the Sources screen (issue 41) for October 2026, change its grouping with the form, and enter a month's spend on the Spend screen, which the
 * report then shares over the leads and wins, then delete it after a question: without JavaScript on a desktop, with it on a phone (390 px), where the tables are stacked and nothing scrolls
 * sideways.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);
const MODES = [
  { mode: { name: "without JavaScript", javaScriptEnabled: false }, width: 1280, source: "bing", amount: "90", spend: "£152.00" },
  { mode: { name: "with JavaScript", javaScriptEnabled: true }, width: 390, source: "facebook", amount: "24.50", spend: "£24.50" },
] as const;
const OCTOBER = "from=2026-10-01&to=2026-10-31";

beforeAll(() => seedSourcedLeads(journey.server.db));

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const firstCells = (page: Page) => page.getByTestId("sources-row").locator("td:first-child").allTextContents();
/** A figure of a row, by its column's name (the stacked cards label each cell with it). */
const figure = (page: Page, row: string, column: string) =>
  page
    .getByTestId(row === "Total" ? "sources-totals" : "sources-row")
    .filter({ hasText: row })
    .first()
    .locator(`td[data-label="${column}"]`)
    .innerText();

describe.each(MODES)("the Sources screen $mode.name at $width px", ({ mode, width, source, amount, spend }) => {
  it("shows the seeded sources, groups them by campaign when asked, and counts the spend entered on the Spend screen", async () => {
    const page = await openPage(journey.browser, mode, { viewport: { width, height: 900 } });
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/reports/sources?${OCTOBER}`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect((await firstCells(page)).slice(0, 3)).toEqual(["bing", "google", "Not recorded"]);
    expect(await figure(page, "Total", "Monthly value won")).toBe("£75.00");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (width === 390) expect(await smallTargets(page)).toEqual([]);

    await page.getByLabel("Group by").selectOption({ label: "Campaign" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("group") === "campaign");
    await expect.poll(() => firstCells(page)).toEqual(["summer", "spring", "Not recorded"]);
    expect(await page.getByLabel("First day").inputValue()).toBe("2026-10-01");
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // Enter October's spend on a source: a slip first, said at its field; then saved, and the report shares it.
    await page.getByRole("link", { name: "Spend", exact: true }).first().click();
    await page.getByRole("heading", { name: "Spend", level: 1 }).waitFor();
    await page.getByLabel("Month").fill("2026-10");
    await page.getByLabel("Source").fill(source);
    await page.getByLabel("Amount spent (£)").fill("ninety");
    await page.getByRole("button", { name: "Save spend" }).click();
    await page.getByTestId("error-summary").waitFor();
    expect(await page.getByTestId("error-summary").innerText()).toContain("Give the amount in pounds");
    expect(await page.getByLabel("Source").inputValue()).toBe(source);
    await page.getByLabel("Amount spent (£)").fill(amount);
    await page.getByRole("button", { name: "Save spend" }).click();
    await page.getByTestId("toast").filter({ hasText: "Spend saved" }).waitFor();
    await expect
      .poll(() => page.getByTestId("spend-row").filter({ hasText: "Oct 2026" }).filter({ hasText: source }).filter({ hasText: "Whole source" }).count())
      .toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (width === 390) expect(await smallTargets(page)).toEqual([]);

    await page.goto(`${journey.server.url}/admin/reports/sources?${OCTOBER}`);
    expect(await figure(page, source, "Spend")).toBe(spend);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // Deleting asks first (a dialog with JavaScript, a page without), then the entry is gone.
    await page.goto(`${journey.server.url}/admin/reports/sources/spend`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const entry = page.getByTestId("spend-row").filter({ hasText: "Oct 2026" }).filter({ hasText: source }).filter({ hasText: "Whole source" });
    await entry.getByRole("link", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete spend" });
    await dialog.getByText("Are you sure you want to delete this spend?").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("toast").filter({ hasText: "Spend deleted" }).waitFor();
    await expect.poll(() => entry.count()).toBe(0);
  });
});
