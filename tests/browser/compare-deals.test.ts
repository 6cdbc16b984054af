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

// The Compare deals section of /business-mobile as a visitor uses it, without and with JavaScript, on
// a laptop and a phone: filter, sort, plan type, the folded filters and deal details on a phone, Show
// more deals, an empty comparison, and Get this deal straight to the wizard's next question.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SCREENS = [
  { name: "on a phone", viewport: PHONE, phone: true },
  { name: "on a laptop", viewport: DESKTOP, phone: false },
] as const;

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

async function openDeals(mode: JsMode, path = "/business-mobile#deals", viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await openPage(journey.browser, mode, { viewport });
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  // The browser jumps to the address's section after the page has loaded: the visitor sees it once it has.
  const anchor = new URL(path, journey.server.url).hash.slice(1);
  if (anchor) {
    const landed = (id: string) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top ?? Infinity;
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      return top <= 100 || atBottom;
    };
    await expect.poll(() => page.evaluate(landed, anchor)).toBe(true);
  }
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
    expect(await deals(page).getByText("Your team, 3 lines, first month:").count()).toBe(2);
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
    await page.waitForURL(`${journey.server.url}/business-mobile?lines=4&tariff=ee-business-30gb-24#quote-step`);
    // The 4 lines answer the team size: the wizard asks its next question.
    await expect.poll(() => wizardQuestion(page).textContent()).toBe("When does your current contract end?");
    // The deal section still shows the same comparison behind the wizard.
    expect(await deals(page).getByLabel("How many lines").inputValue()).toBe("4");
    await page.context().close();
  });
});

const wizardQuestion = (page: Page) => page.locator("#get-quote").getByRole("heading", { level: 3 });

/** From the contract question to the thank-you step. */
async function finishWizard(page: Page, email: string) {
  const wizard = page.locator("#get-quote");
  await wizard.getByRole("button", { name: "Under 3 months" }).click();
  await expect.poll(() => wizardQuestion(page).textContent()).toBe("What type of business do you run?");
  await wizard.getByRole("button", { name: "LTD company" }).click();
  await wizard.getByLabel("Business name").fill("Plan Type Ltd");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => wizardQuestion(page).textContent()).toBe("Where should we send your quote?");
  await wizard.getByLabel("First name").fill("Sam");
  await wizard.getByLabel("Last name").fill("Patel");
  await wizard.getByRole("textbox", { name: "Email" }).fill(email);
  await wizard.getByLabel("Phone").fill("07700 900123");
  await wizard.getByRole("button", { name: "Get My Free Quote" }).click();
  await page.getByTestId("quote-thank-you").waitFor();
}

/** Whether an element is wholly on the screen the visitor sees now. */
async function onScreen(page: Page, selector: string | ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await (typeof selector === "string" ? page.locator(selector) : selector).boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** 22 more voice deals dearer than the three (27 in all: a second page), and two data-only SIMs of two networks. */
const MORE_DEALS = Array.from({ length: 22 }, (_, index) =>
  tariffInput({ slug: `vodafone-extra-${index + 10}`, network: "Vodafone", name: `Extra ${index + 10}`, monthlyPriceExVatPence: 2500 + index * 10 }),
);
const DATA_ONLY = [
  tariffInput({ slug: "ee-data-sim-24", network: "EE", name: "Data SIM 50GB", monthlyPriceExVatPence: 900, dataGb: 50, minutes: 0, texts: 0 }),
  tariffInput({ slug: "o2-data-sim-24", network: "O2", name: "Data SIM 20GB", monthlyPriceExVatPence: 800, dataGb: 20, minutes: 0, texts: 0 }),
];

describe.each(SCREENS)("comparing deals $name", (screen) => {
  describe.each(JS_MODES)("$name", (mode) => {
    it("folds what a phone has no room for, shows more deals, filters by plan type and goes straight to the wizard's next question", async () => {
      await addTariffs(admin, [...MORE_DEALS, ...DATA_ONLY]);
      const page = await openDeals(mode, "/business-mobile#deals", screen.viewport);
      const problems = watchProblems(page);
      const filters = deals(page).getByTestId("deals-filters");
      const firstDeal = deals(page).getByRole("article").first();
      const summary = filters.getByText("Filters (0)");
      if (screen.phone) {
        // One control for every choice, and the first deal on the first screen after the heading.
        expect(await summary.isVisible()).toBe(true);
        expect(await deals(page).getByLabel("How many lines").isVisible()).toBe(false);
        expect(await onScreen(page, firstDeal.getByRole("heading", { level: 3 }))).toBe(true);
        expect(await onScreen(page, firstDeal.getByTestId("deal-headline"))).toBe(true);
        // The card leads with its figures; the rest is one tap away.
        expect(await firstDeal.getByText(/^Whole contract/).isVisible()).toBe(false);
        await firstDeal.getByText("Deal details").click();
        expect(await firstDeal.getByText(/^Whole contract/).isVisible()).toBe(true);
      } else {
        expect(await summary.isVisible()).toBe(false);
        expect(await deals(page).getByLabel("How many lines").isVisible()).toBe(true);
        expect(await firstDeal.getByText(/^Whole contract/).isVisible()).toBe(true);
        expect(await firstDeal.getByText("Deal details").isVisible()).toBe(false);
      }
      // The headline is the team's average monthly cost over the term, the order's own figure.
      expect(await firstDeal.getByTestId("deal-headline").textContent()).toMatch(
        /^£\d+\.\d\d a month ex VAT \(£\d+\.\d\d inc VAT\)for 1 line, on average over \d+ months with the price rises$/,
      );

      // Show more deals: the next page joins the first, and the visitor is taken to its first deal.
      expect(await count(page).textContent()).toBe("27 deals fit your choices: showing the first 20");
      expect(await deals(page).getByRole("article").count()).toBe(20);
      await markDocument(page);
      const more = deals(page).getByRole("link", { name: "Show more deals" });
      const firstAdded = new URL((await more.getAttribute("href"))!, journey.server.url).hash.slice(1);
      await more.click();
      await expect.poll(() => deals(page).getByRole("article").count()).toBe(27);
      expect(await count(page).textContent()).toBe("27 deals fit your choices");
      expect(new URL(page.url()).searchParams.get("offset")).toBe("20");
      expect(await isSameDocument(page)).toBe(mode.javaScriptEnabled);
      if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(firstAdded);
      // The page scrolls smoothly to it.
      await expect.poll(() => onScreen(page, `[id="${firstAdded}"]`)).toBe(true);
      expect(await deals(page).getByRole("link", { name: "Show more deals" }).count()).toBe(0);

      // Plan type: the data-only SIMs alone, and the folded control counts the filter.
      if (screen.phone) await summary.click();
      await deals(page).getByLabel("Plan type").selectOption("data-only");
      await apply(page, mode);
      await expect.poll(() => dealNames(page)).toEqual(["O2 Data SIM 20GB", "EE Data SIM 50GB"]);
      expect(new URL(page.url()).searchParams.get("planType")).toBe("data-only");
      expect(new URL(page.url()).searchParams.get("offset")).toBeNull();
      if (screen.phone) expect(await filters.getByText("Filters (1)").isVisible()).toBe(true);

      // Get this deal: straight to the question after the team size, on screen.
      await deals(page).getByRole("article").filter({ hasText: "EE Data SIM 50GB" }).getByRole("link", { name: "Get this deal" }).click();
      await expect.poll(() => wizardQuestion(page).textContent()).toBe("When does your current contract end?");
      await expect.poll(() => onScreen(page, wizardQuestion(page))).toBe(true);
      expect(await page.getByTestId("chosen-deal").textContent()).toContain("Your chosen deal: EE Data SIM 50GB, 1 line");
      if (screen.phone) {
        // The thank-you step's deals keep the visitor's plan type: data-only SIMs, not the cheapest of every kind.
        await finishWizard(page, `plan-type-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`);
        const shortlist = await page.getByTestId("thank-you-shortlist").getByRole("listitem").allTextContents();
        expect(shortlist.map((deal) => deal.split("£")[0])).toEqual(["O2 Data SIM 20GB", "EE Data SIM 50GB"]);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});

describe("comparing deals with JavaScript", () => {
  it("has no serious accessibility problems", async () => {
    const page = await openDeals(JS_MODES[1], "/business-mobile?lines=2#deals");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
