import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isSameDocument, JS_MODES, markDocument, openPage, waitForHydration, watchProblems, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

// The site header's menu on a phone. It is a <details>, so it opens and closes without
// JavaScript. What a phone visitor expects of it:
// - choosing a link in it takes them there with the menu closed, including a link to the page
//   they are on ("Get Your Quote" on /business-mobile goes to its quote form);
// - with JavaScript, Escape closes it and puts focus back on its button;
// - without JavaScript nothing can close it when its link stays on the same page, so the page
//   goes to the quote form below the open menu (not under it), and the keyboard carries on there.
// The header is a static part: until its props change its code is not in the browser, and the
// menu must behave the same either way.

const journey = useServerAndBrowser();

const PHONE = { width: 390, height: 844 };
const QUOTE_FORM = "Get your business mobile quote";

/** A visitor on a phone who has answered the cookie banner (so it covers nothing). */
async function visit(mode: JsMode, path: string): Promise<Page> {
  const page = await openPage(journey.browser, mode, { viewport: PHONE });
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const menuButton = (page: Page) => page.getByRole("banner").getByLabel("Menu", { exact: true });
const menu = (page: Page) => page.getByRole("navigation", { name: "Mobile" });
const isMenuOpen = (page: Page) => page.getByTestId("mobile-menu").evaluate((details) => (details as HTMLDetailsElement).open);
/** Whether the header runs its own code (it woke), rather than showing the server's HTML. */
const headerIsLive = (page: Page) => page.locator("[data-static-part]:has(header)").evaluate((part) => part.hasAttribute("data-live"));

async function openMenu(page: Page) {
  await menuButton(page).click();
  await menu(page).getByRole("link", { name: "Get Your Quote" }).waitFor({ state: "visible" });
}

/** The quote form's heading is on screen and nothing (such as the menu) lies over its middle. */
async function quoteFormInView(page: Page): Promise<boolean> {
  return page.getByRole("heading", { name: QUOTE_FORM }).evaluate((heading) => {
    const box = heading.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    return y > 0 && y < window.innerHeight && heading.contains(document.elementFromPoint(x, y));
  });
}

describe.each(JS_MODES)("the mobile menu $name", (mode) => {
  it("takes the visitor to another page with the menu closed", async () => {
    const page = await visit(mode, "/");
    const problems = watchProblems(page);
    expect(await isMenuOpen(page)).toBe(false);
    await openMenu(page);
    expect(await isMenuOpen(page)).toBe(true);
    await menu(page).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${journey.server.url}/contact`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contact us");
    await expect.poll(() => isMenuOpen(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("takes the visitor from another page to the quote form with the menu closed", async () => {
    const page = await visit(mode, "/");
    await openMenu(page);
    await menu(page).getByRole("link", { name: "Get Your Quote" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#get-quote`);
    await expect.poll(() => isMenuOpen(page)).toBe(false);
    await expect.poll(() => quoteFormInView(page)).toBe(true);
    await page.context().close();
  });

  it("closes when the visitor chooses the page they are on", async () => {
    const page = await visit(mode, "/business-mobile");
    await openMenu(page);
    const current = menu(page).getByRole("link", { name: "Business Mobiles" });
    expect(await current.getAttribute("aria-current")).toBe("page");
    await current.click();
    await page.waitForURL(`${journey.server.url}/business-mobile`);
    await expect.poll(() => isMenuOpen(page)).toBe(false);
    await page.context().close();
  });

  it("takes the visitor on /business-mobile to its quote form in the same document", async () => {
    const page = await visit(mode, "/business-mobile");
    const problems = watchProblems(page);
    await markDocument(page);
    if (mode.javaScriptEnabled) expect(await headerIsLive(page)).toBe(false);
    await openMenu(page);
    await menu(page).getByRole("link", { name: "Get Your Quote" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#get-quote`);
    expect(await isSameDocument(page)).toBe(true);
    await expect.poll(() => quoteFormInView(page)).toBe(true);
    if (mode.javaScriptEnabled) {
      expect(await isMenuOpen(page)).toBe(false);
      // Still the server's HTML: the menu closed without the header's code.
      expect(await headerIsLive(page)).toBe(false);
    } else {
      // Nothing can close it without JavaScript; the form is in view below it, and the
      // keyboard carries on in the form.
      expect(await isMenuOpen(page)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.locator("#get-quote").evaluate((form) => form.contains(document.activeElement))).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the mobile menu with JavaScript", () => {
  const WITH_JAVASCRIPT = JS_MODES.find((mode) => mode.javaScriptEnabled)!;

  it("closes on Escape and gives focus back to its button", async () => {
    const page = await visit(WITH_JAVASCRIPT, "/business-mobile");
    await openMenu(page);
    await page.keyboard.press("Tab");
    expect(await menu(page).evaluate((nav) => nav.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => isMenuOpen(page)).toBe(false);
    expect(await page.getByTestId("mobile-menu").evaluate((details) => document.activeElement === details.querySelector("summary"))).toBe(true);
    await page.context().close();
  });

  it("closes on the same page once the header runs its own code", async () => {
    const page = await visit(WITH_JAVASCRIPT, "/");
    await markDocument(page);
    await openMenu(page);
    await menu(page).getByRole("link", { name: "Business Mobiles" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile`);
    await expect.poll(() => headerIsLive(page)).toBe(true);
    await openMenu(page);
    await menu(page).getByRole("link", { name: "Get Your Quote" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#get-quote`);
    await expect.poll(() => isMenuOpen(page)).toBe(false);
    await expect.poll(() => quoteFormInView(page)).toBe(true);
    expect(await isSameDocument(page)).toBe(true);
    await page.context().close();
  });
});
