import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { openPage, smallTargets, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { seedOrder } from "../support/seeded-orders";
import { ukDayFromNow } from "../support/seeded-quotes";

/**
 * Staff find an order on the Orders screen, change a line and move it through to Live: without JavaScript on a desktop, with it on a phone (390 px), where
 * nothing scrolls sideways.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);
const MODES = [
  { mode: { name: "without JavaScript", javaScriptEnabled: false }, width: 1280, business: "Desktop Dairy Ltd" },
  { mode: { name: "with JavaScript", javaScriptEnabled: true }, width: 390, business: "Phone Pharmacy Ltd" },
] as const;
const references: Record<string, string> = {};

beforeAll(async () => {
  for (const { business } of MODES) references[business] = (await seedOrder(journey.server.db, { businessName: business })).reference;
});

async function settled(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(MODES)("staff take an order to Live $mode.name at $width px", ({ mode, width, business }) => {
  it("finds the order, changes a line and moves it through to Live", async () => {
    const page = await openPage(journey.browser, mode, { viewport: { width, height: 900 } });
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/orders`);
    await settled(page, mode);
    const search = page.getByLabel("Search orders");
    await search.fill(business.split(" ")[0]!);
    // Without JavaScript the search is sent; with it the list follows the typing by itself (pressing Enter too would send it twice).
    if (!mode.javaScriptEnabled) await search.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === business.split(" ")[0]);
    await expect.poll(() => page.getByTestId("order-row").count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByRole("link", { name: references[business] }).click();
    // A client-side navigation with JavaScript: wait on the address itself.
    await expect.poll(() => /^\/admin\/orders\/\d+$/.test(new URL(page.url()).pathname)).toBe(true);
    await settled(page, mode);
    expect(await page.getByText("PAC ending 456").count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (width === 390) expect(await smallTargets(page)).toEqual([]);

    const line = page.getByTestId("order-line").first();
    await line.getByLabel("User").fill("Alex Renamed");
    await line.getByRole("button", { name: "Save line 1" }).click();
    await expect.poll(() => page.getByText("Line saved").count()).toBeGreaterThan(0);
    await expect.poll(() => line.getByLabel("User").inputValue()).toBe("Alex Renamed");

    const status = page.getByTestId("order-status-form");
    const moveTo = async (label: string, fill?: () => Promise<void>) => {
      await page.getByTestId("order-status-form").getByLabel("New status").selectOption({ label });
      await fill?.();
      await page.getByTestId("order-status-form").getByRole("button", { name: "Change status" }).click();
      await expect.poll(() => page.getByText(`is now ${label}`).count()).toBeGreaterThan(0);
    };
    await moveTo("Submitted to network");
    await moveTo("Dispatched");
    await moveTo("Porting", () => status.getByLabel("Line 1 (Alex Renamed)").fill(ukDayFromNow(4)));
    await moveTo("Live");
    await expect.poll(() => page.getByTestId("line-contract").count()).toBe(2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
