import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration, type AxeViolation, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

const journey = useServerAndBrowser();

// The test server runs with the default brand settings (env.server.ts).
const BRAND = {
  name: "ClearLine Business",
  legalName: "ClearLine Communications Ltd",
  phone: "0113 496 0123",
  email: "hello@clearlinebusiness.co.uk",
};

const PAGES = [
  ["/", "Compare business mobile deals and save"],
  ["/business-mobile", "Business mobile deals from every major UK network"],
  ["/testimonials", "Trusted by small businesses across the UK"],
  ["/about", "Independent telecoms advice for UK small businesses"],
  ["/contact", "Contact us"],
  ["/terms", "Terms & Conditions"],
  ["/privacy", "Privacy Policy"],
  ["/cookies", "Cookies Policy"],
] as const;

async function visit(mode: JsMode, path: string, options: BrowserContextOptions = {}): Promise<Page> {
  // A returning visitor who already answered the cookie banner (site-frame.test.ts covers it),
  // so it never fades in over a link just as it is clicked.
  const page = await openPage(journey.browser, mode, options);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

/** The text of every h1 to h3 in the page's main content, in document order. */
async function headingsInOrder(page: Page): Promise<string[]> {
  const texts = await page.locator("main").locator("h1, h2, h3").allTextContents();
  return texts.map((text) => text.replace(/\s+/g, " ").trim());
}

/** `expected` must appear in `actual` in this order (other headings may sit between them). */
function expectInOrder(actual: string[], expected: string[]) {
  const positions = expected.map((heading) => actual.indexOf(heading));
  expect(positions, `headings on the page:\n${actual.join("\n")}`).not.toContain(-1);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

/** Opens a public page and checks it has exactly one h1, the one given. */
async function visitWithTitle(mode: JsMode, path: (typeof PAGES)[number][0]): Promise<Page> {
  const page = await visit(mode, path);
  const h1 = page.getByRole("heading", { level: 1 });
  expect(await h1.count()).toBe(1);
  expect((await h1.textContent())?.trim()).toBe(PAGES.find(([pagePath]) => pagePath === path)![1]);
  return page;
}

/** A section of the page, found by its heading as assistive technology announces it. */
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

describe.each(JS_MODES)("public pages $name", (mode) => {
  it("/ shows hero, how it works, services, about, why choose us, resources and testimonials in order; the hero leads to /business-mobile#deals", async () => {
    const page = await visitWithTitle(mode, "/");
    expectInOrder(await headingsInOrder(page), [
      "Compare business mobile deals and save",
      "Your best deal in three simple steps",
      "Quick & Easy",
      "Hassle Free",
      "Amazing Offers",
      "Everything your business needs to stay connected",
      "Business Mobiles",
      "Business Phone System",
      "Broadband",
      "IT managed services",
      "Independent experts on your side",
      "Straightforward advice you can trust",
      "Simplicity",
      "Completely Impartial",
      "Guides for smarter business connectivity",
      "What our customers say",
    ]);

    const services = region(page, "Everything your business needs to stay connected");
    for (const service of ["Business Mobiles", "Business Phone System", "Broadband", "IT managed services"]) {
      const enquire = services.getByRole("link", { name: `Enquire Now about ${service}`, exact: true });
      expect(await enquire.isVisible()).toBe(true);
      expect((await enquire.textContent())?.startsWith("Enquire Now")).toBe(true);
    }

    const resources = region(page, "Guides for smarter business connectivity").getByRole("article");
    expect(await resources.count()).toBe(3);
    for (const card of await resources.all()) {
      expect(await card.locator("time").textContent()).toBe("19 June 2025");
      expect(await card.getByRole("heading", { level: 3 }).count()).toBe(1);
    }

    expect(await region(page, "What our customers say").getByTestId("testimonial-card").count()).toBe(3);

    const hero = region(page, "Compare business mobile deals and save");
    const cta = hero.getByRole("link", { name: "Compare deals now" });
    expect(await cta.getAttribute("href")).toBe("/business-mobile#deals");
    await cta.click();
    await page.waitForURL(`${journey.server.url}/business-mobile#deals`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Business mobile deals from every major UK network");
    await page.context().close();
  });

  it("/business-mobile shows the three benefit badges and six benefits", async () => {
    const page = await visitWithTitle(mode, "/business-mobile");
    const badges = region(page, "Our promises").getByRole("listitem");
    expect(await badges.count()).toBe(3);
    const badgeText = (await badges.allTextContents()).join(" | ");
    for (const badge of ["Award winning B2B partners", "Compare all UK major networks", "Great value SIM-only deals"]) {
      expect(badgeText).toContain(badge);
    }

    const benefits = region(page, "Why switch your business mobiles with us").getByRole("heading", { level: 3 });
    expect(await benefits.count()).toBe(6);
    expect(new Set(await benefits.allTextContents()).size).toBe(6);
    await page.context().close();
  });

  it("/testimonials shows three customer testimonials and the newsletter form", async () => {
    const page = await visitWithTitle(mode, "/testimonials");
    const cards = region(page, "What our customers say").getByTestId("testimonial-card");
    expect(await cards.count()).toBe(3);
    for (const card of await cards.all()) {
      expect(await card.locator("blockquote").innerText()).not.toBe("");
      expect(await card.getByText(/^Rated [1-5] out of 5$/).count()).toBe(1);
    }
    expect(await page.getByRole("form", { name: "Newsletter sign-up" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("/about shows four pride points and the quote and contact buttons", async () => {
    const page = await visitWithTitle(mode, "/about");
    const points = region(page, "What we're proud of").getByRole("heading", { level: 3 });
    expect(await points.allTextContents()).toEqual(["Independent advice", "UK-based experts", "Every major network", "No cost to you"]);
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Start Your Quote" }).getAttribute("href")).toBe("/business-mobile");
    expect(await main.getByRole("link", { name: "Contact Us", exact: true }).getAttribute("href")).toBe("/contact");

    await main.getByRole("link", { name: "Start Your Quote" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile`);
    await page.context().close();
  });

  it("/contact shows the office address, phone and email links and the legal line", async () => {
    const page = await visitWithTitle(mode, "/contact");
    const main = page.getByRole("main");
    const address = (await region(page, "Our office").locator("address").innerText()).split("\n");
    expect(address).toEqual([BRAND.name, "Suite 4", "Riverside House", "12 Wharf Street", "Leeds", "LS2 7EQ"]);

    const details = region(page, "Contact details");
    expect(await details.getByRole("link", { name: BRAND.phone }).getAttribute("href")).toBe("tel:+441134960123");
    expect(await details.getByRole("link", { name: BRAND.email }).getAttribute("href")).toBe(`mailto:${BRAND.email}`);

    expect(await main.textContent()).toContain(`${BRAND.name} is a trading name of ${BRAND.legalName}`);
    await page.context().close();
  });

  it("/terms has exactly 12 numbered sections and the contract, payment, notice and liability terms", async () => {
    const page = await visitWithTitle(mode, "/terms");
    const sections = page.locator("main [data-section-number]");
    expect(await sections.count()).toBe(12);
    const numbers = await sections.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-section-number")));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => String(index + 1)));
    const headings = await sections.locator("h2").allTextContents();
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\.`)));

    const text = (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain("12, 24 or 36 months");
    expect(text).toContain("14 or 30 days");
    expect(text).toMatch(/at least 30 days[’'] notice/);
    expect(text).toContain("previous 12 months");
    await page.context().close();
  });

  it("/privacy has an introduction followed by exactly 10 numbered sections", async () => {
    const page = await visitWithTitle(mode, "/privacy");
    const main = page.getByRole("main");
    const sections = main.locator("[data-section-number]");
    expect(await sections.count()).toBe(10);
    const numbers = await sections.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-section-number")));
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, index) => String(index + 1)));

    const introduction = region(page, "Introduction");
    expect((await introduction.innerText()).length).toBeGreaterThan(100);
    expectInOrder(await headingsInOrder(page), ["Privacy Policy", "Introduction", "1. Who we are"]);
    await page.context().close();
  });

  it("/cookies lists each cookie with what sets it and how long it lasts", async () => {
    const page = await visitWithTitle(mode, "/cookies");
    const entries = page.getByTestId("cookie-entry");
    const names = await entries.locator("h4").allTextContents();
    for (const name of ["cookie-consent", "toast", "_ga"]) expect(names).toContain(name);
    for (const entry of await entries.all()) {
      const text = await entry.innerText();
      expect(text).toContain("Set by");
      expect(text).toContain("Lasts");
    }
    await page.context().close();
  });
});

describe.each(JS_MODES)("guides $name, on a phone", (mode) => {
  const PHONE = { viewport: { width: 390, height: 844 } };
  const GUIDES = [
    ["/guides/keeping-your-numbers-when-you-switch", "Keeping your numbers when you switch"],
    ["/guides/mid-contract-price-rises", "What mid-contract price rises mean for your business"],
    ["/guides/choosing-a-mobile-plan-for-your-team", "Choosing a mobile plan for your team"],
  ] as const;

  /** The page is no wider than the phone: nothing scrolls sideways. */
  const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it("each guide card opens its guide, which reads on a phone without sideways scroll and leads to the comparison", async () => {
    const page = await visit(mode, "/", PHONE);
    const cards = region(page, "Guides for smarter business connectivity").getByRole("article");
    for (const [index, [path, title]] of GUIDES.entries()) {
      expect(await cards.nth(index).getByRole("link").getAttribute("href")).toBe(path);
      expect(await cards.nth(index).getByRole("link").textContent()).toBe(title);
    }
    // A click anywhere on the card (here on its description, under the title's stretched link) opens the guide.
    const description = cards.first().getByText(/^How a PAC moves/);
    await description.scrollIntoViewIfNeeded();
    const box = (await description.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${journey.server.url}${GUIDES[0][0]}`);
    for (const [index, [path, title]] of GUIDES.entries()) {
      if (index > 0) await page.goto(`${journey.server.url}${path}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect((await page.getByRole("main").innerText()).split(/\s+/).length, path).toBeGreaterThan(400);
      expect(await scrollsSideways(page), path).toBe(false);
    }
    if (mode.javaScriptEnabled) {
      const violations = await seriousAccessibilityViolations(page);
      expect(violations.map((violation) => violation.id)).toEqual([]);
    }
    await page.getByRole("complementary", { name: "Ready to compare?" }).getByRole("link", { name: "Compare business mobile deals" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#deals`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Business mobile deals from every major UK network");
    await page.context().close();
  });
});

describe("accessibility", () => {
  const WIDTHS = [
    { name: "desktop", viewport: { width: 1280, height: 800 } },
    { name: "mobile", viewport: { width: 390, height: 844 } },
  ] as const;
  const withJavaScript = JS_MODES[1];

  function describeViolations(violations: AxeViolation[]): string {
    return violations
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`)
      .join("\n");
  }

  describe.each(WIDTHS)("at $name width", ({ viewport }) => {
    // A returning visitor who has already answered the banner: the page is checked on its own,
    // the banner separately below, once it has finished fading in.
    it.each(PAGES.map(([path]) => path))("%s has no serious or critical axe violations", async (path) => {
      const page = await visit(withJavaScript, path, { viewport });
      expect(await page.getByTestId("cookie-banner").count()).toBe(0);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.context().close();
    });

    it("the cookie banner, fully shown, has no serious or critical axe violations", async () => {
      const page = await openPage(journey.browser, withJavaScript, { viewport });
      await page.goto(`${journey.server.url}/`);
      await waitForHydration(page);
      const banner = page.getByTestId("cookie-banner");
      await banner.waitFor({ state: "visible" });
      // Its fade-in over: axe judges contrast on the colours a person finally sees.
      await banner.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      expect(await banner.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.context().close();
    });
  });
});
