import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  isSameDocument,
  JS_MODES,
  markDocument,
  openPage,
  seriousAccessibilityViolations,
  waitForHydration,
  watchProblems,
  type JsMode,
} from "../support/browser";
import { staffClient, type Client } from "../support/client";
import { useServerAndBrowser } from "../support/journey";
import { addTariffs, tariffInput } from "../support/tariffs";

// The Compare deals section of /business-mobile as a visitor uses it, without and with JavaScript:
// filter, sort, an empty comparison, and Get this deal into the quote wizard.

const journey = useServerAndBrowser();
let admin: Client;

beforeAll(async () => {
  admin = await staffClient(journey.server, "admin");
});

beforeEach(async () => {
  await journey.server.db.deleteFrom("tariffs").execute();
  await addTariffs(admin, [
    tariffInput(),
    tariffInput({ slug: "o2-unlimited-12", network: "O2", name: "Business Unlimited", monthlyPriceExVatPence: 2000, termMonths: 12, dataGb: null }),
    tariffInput({ slug: "three-5gb-36", network: "Three", name: "Business 5GB", monthlyPriceExVatPence: 650, termMonths: 36, dataGb: 5, fiveG: false }),
  ]);
});

const deals = (page: Page) => page.locator("#deals");
const dealNames = (page: Page) => deals(page).getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
const count = (page: Page) => deals(page).getByRole("status");

async function openDeals(mode: JsMode, path = "/business-mobile#deals"): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

/** Without JavaScript the visitor presses Show deals; with it the results follow each choice. */
async function apply(page: Page, mode: JsMode) {
  if (!mode.javaScriptEnabled) await deals(page).getByRole("button", { name: "Show deals" }).click();
}

describe.each(JS_MODES)("comparing deals $name", (mode) => {
  it("filters and sorts, every state a URL, and the deals update (in the same document with JavaScript)", async () => {
    const page = await openDeals(mode);
    const problems = watchProblems(page);
    expect(await dealNames(page)).toEqual(["Three Business 5GB", "EE Business SIM 30GB", "O2 Business Unlimited"]);
    await markDocument(page);

    await deals(page).getByLabel("How many lines").selectOption("3");
    await deals(page).getByLabel("5G", { exact: true }).check();
    await apply(page, mode);
    await expect.poll(() => dealNames(page)).toEqual(["EE Business SIM 30GB", "O2 Business Unlimited"]);
    await expect.poll(() => count(page).textContent()).toBe("2 deals fit your choices");
    await deals(page).getByLabel("Sort by").focus();
    await deals(page).getByLabel("Sort by").selectOption("data");
    await apply(page, mode);
    await expect.poll(() => dealNames(page)).toEqual(["O2 Business Unlimited", "EE Business SIM 30GB"]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ lines: "3", fiveG: "1", sort: "data" });
    expect(await deals(page).getByText("Your team, 3 lines:").count()).toBe(2);
    expect(await isSameDocument(page)).toBe(mode.javaScriptEnabled);
    if (mode.javaScriptEnabled) {
      // Focus stays on the control the visitor used.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("deals-sort");
    }

    // The URL alone gives the same comparison.
    const again = await openDeals(mode, `/business-mobile?${url.searchParams}#deals`);
    expect(await dealNames(again)).toEqual(["O2 Business Unlimited", "EE Business SIM 30GB"]);
    expect(await again.getByLabel("Sort by").inputValue()).toBe("data");
    expect(problems).toEqual([]);
    await page.context().close();
    await again.context().close();
  });

  it("says why nothing fits, and takes the visitor to the deals without that choice or to the quote form", async () => {
    const page = await openDeals(mode);
    await deals(page).getByLabel("Network").selectOption("Three");
    await deals(page).getByLabel("5G", { exact: true }).check();
    await apply(page, mode);
    await expect.poll(() => count(page).textContent()).toBe("No deals fit your choices");
    expect(await deals(page).getByText("No deal fits with Three only").isVisible()).toBe(true);
    expect(await deals(page).getByRole("link", { name: "Ask for a quote" }).getAttribute("href")).toBe("#get-quote");
    await deals(page).getByRole("link", { name: "Show deals without it" }).click();
    await expect.poll(() => dealNames(page)).toEqual(["EE Business SIM 30GB", "O2 Business Unlimited"]);
    await expect.poll(() => deals(page).getByLabel("Network").inputValue()).toBe("");
    expect(await deals(page).getByLabel("5G", { exact: true }).isChecked()).toBe(true);
    await page.context().close();
  });

  it("Get this deal opens the quote wizard with the comparison and the deal in the URL", async () => {
    const page = await openDeals(mode, "/business-mobile?lines=4#deals");
    const ee = deals(page).getByRole("article").filter({ hasText: "EE Business SIM 30GB" });
    await ee.getByRole("link", { name: "Get this deal" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile?lines=4&tariff=ee-business-30gb-24#get-quote`);
    await page.locator("#get-quote").getByRole("heading", { level: 2 }).waitFor();
    // The deal section still shows the same comparison behind the wizard.
    expect(await deals(page).getByLabel("How many lines").inputValue()).toBe("4");
    await page.context().close();
  });
});

describe("comparing deals with JavaScript", () => {
  it("has no serious accessibility problems", async () => {
    const page = await openDeals(JS_MODES[1], "/business-mobile?lines=2#deals");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
