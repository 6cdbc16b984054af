import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JS_MODES, openPage, waitForHydration, watchAppearance, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { testServerForSuite } from "../support/server";

const journey = useServerAndBrowser();

async function visit(mode: JsMode, path: string, options = {}): Promise<Page> {
  const page = await openPage(journey.browser, mode, options);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

describe.each(JS_MODES)("site frame $name", (mode) => {
  it("links the header to every main page, with the product label and Get Your Quote", async () => {
    const page = await visit(mode, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, href] of [
      ["About", "/about"],
      ["Business Mobiles", "/business-mobile"],
      ["Testimonials", "/testimonials"],
      ["Contact", "/contact"],
      ["Get Your Quote", "/business-mobile#get-quote"],
    ]) {
      expect(await nav.getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(href);
    }
    await nav.getByRole("link", { name: "Testimonials", exact: true }).click();
    await page.waitForURL(`${journey.server.url}/testimonials`);
    await page.context().close();
  });

  it("links the footer to the policies, the two help links and shows the company line", async () => {
    const page = await visit(mode, "/about");
    const footer = page.getByRole("contentinfo");
    for (const [label, href] of [
      ["About Us", "/about"],
      ["Testimonials", "/testimonials"],
      ["Contact", "/contact"],
      ["Terms & Conditions", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Cookies Policy", "/cookies"],
      ["How does it work?", "/#how-it-works"],
      ["Support", "/contact"],
    ]) {
      expect(await footer.getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(href);
    }
    await expect.poll(() => footer.textContent()).toContain("ClearLine Business is a trading name of ClearLine Communications Ltd");
    await page.context().close();
  });

  it("opens and closes the mobile menu and navigates from it", async () => {
    const page = await visit(mode, "/", { viewport: { width: 390, height: 844 } });
    const menuLink = page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" });
    expect(await menuLink.isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await menuLink.waitFor({ state: "visible" });
    await page.getByLabel("Menu").click();
    await menuLink.waitFor({ state: "hidden" });
    await page.getByLabel("Menu").click();
    await menuLink.click();
    await page.waitForURL(`${journey.server.url}/contact`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contact us");
    if (mode.javaScriptEnabled) {
      // After a client-side navigation the menu closes itself.
      await menuLink.waitFor({ state: "hidden" });
    }
    await page.context().close();
  });

  it("answers an unknown path with 404 Page Not Found inside the site frame", async () => {
    const page = await openPage(journey.browser, mode);
    const response = await page.goto(`${journey.server.url}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("404 Page Not Found");
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
    await page.context().close();
  });

  it.each([
    ["Accept All", "accepted", "true"],
    ["Decline", "declined", "declined"],
    ["Close cookie banner", "declined", "declined"],
  ])("shows the cookie banner after a second and remembers '%s'", async (button, cookieValue, storedValue) => {
    const page = await openPage(journey.browser, mode);
    const banner = page.getByTestId("cookie-banner");
    // The banner is in the page at once, painted hidden, and only shows a second after the page loads.
    const appearance = await watchAppearance(page, `${journey.server.url}/terms`, '[data-testid="cookie-banner"]');
    expect(appearance.hiddenFrames).toBeGreaterThan(0);
    expect(appearance.shownAt).toBeGreaterThanOrEqual(1000);
    await banner.waitFor({ state: "visible" });
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect(await banner.getByRole("link", { name: "Cookies Policy" }).getAttribute("href")).toBe("/cookies");

    await banner.getByRole("button", { name: button, exact: true }).click();
    await banner.waitFor({ state: "detached" });
    // The choice is the value's first part (then the cookies policy's version and when).
    const consentCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === "cookie-consent")?.value.split(".")[0];
    await expect.poll(consentCookie).toBe(cookieValue);
    expect(page.url()).toBe(`${journey.server.url}/terms`);
    if (mode.javaScriptEnabled) {
      expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe(storedValue);
    }

    await page.goto(`${journey.server.url}/about`);
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
    await page.context().close();
  });
});

describe("analytics", () => {
  const analyticsServer = testServerForSuite({ ANALYTICS_GA_MEASUREMENT_ID: "G-TEST12345" });

  /** Stands in for Google's script, recording what the page asks it to report. */
  async function interceptGoogle(page: Page) {
    const requested: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "window.__analyticsLoaded = true;" });
    });
    return requested;
  }

  const pageViews = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === "event" && entry[1] === "page_view")
        .map((entry) => (entry[2] as { page_path: string }).page_path),
    );

  it("loads nothing until the visitor accepts, then reports the path of every navigation", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    const requested = await interceptGoogle(page);
    await page.goto(`${analyticsServer.url}/`);
    await waitForHydration(page);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => "gtag" in window)).toBe(false);

    await page.getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]).toContain("id=G-TEST12345");
    await expect.poll(() => pageViews(page)).toEqual(["/"]);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${analyticsServer.url}/about`);
    await expect.poll(() => pageViews(page)).toEqual(["/", "/about"]);
    await page.context().close();
  });

  it("is never given a private link's key: a newsletter confirmation's and an unsubscribe link's page, and the page after, are reported masked", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    const googleReferrers: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      googleReferrers.push(route.request().headers()["referer"] ?? "");
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await page.context().addCookies([{ name: "cookie-consent", value: "accepted", url: analyticsServer.url }]);
    const confirmKey = "Kq3ConfirmKey0123456789abcdefghijklmnopqrstu";
    const unsubscribeKey = "42.Uz8UnsubscribeKey0123456789abcdefghijklmno";
    /** Everything the page has handed Google's script so far, as text. */
    const handedOver = () =>
      page.evaluate(() => JSON.stringify(((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry))));
    const reported = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
          .map((entry) => Array.from(entry))
          .filter((entry) => entry[0] === "event" && entry[1] === "page_view")
          .map((entry) => entry[2] as { page_path: string; page_location: string; page_referrer: string }),
      );

    await page.goto(`${analyticsServer.url}/newsletter/confirm/${confirmKey}`);
    await expect.poll(reported).toEqual([
      {
        page_path: "/newsletter/confirm/[token]",
        page_location: `${analyticsServer.url}/newsletter/confirm/[token]`,
        page_referrer: "",
        page_title: "Confirm your subscription",
      },
    ]);
    expect(await handedOver()).not.toContain(confirmKey);

    await page.goto(`${analyticsServer.url}/unsubscribe/${unsubscribeKey}`);
    await expect.poll(async () => (await reported()).map((view) => view.page_location)).toEqual([`${analyticsServer.url}/unsubscribe/[token]`]);
    // Left by an ordinary link: the next page's referrer is the unsubscribe page, masked too.
    await waitForHydration(page);
    await page.evaluate(() => window.location.assign("/about"));
    await page.waitForURL(`${analyticsServer.url}/about`);
    await expect.poll(reported).toEqual([expect.objectContaining({ page_path: "/about", page_referrer: `${analyticsServer.url}/unsubscribe/[token]` })]);
    expect(await handedOver()).not.toContain(unsubscribeKey.split(".")[1]);
    // Google's own servers are told the site, never the page (the referrer policy).
    expect(googleReferrers.length).toBeGreaterThan(0);
    for (const referrer of googleReferrers) expect(referrer).toBe(`${analyticsServer.url}/`);
    await page.context().close();
  });

  it("loads nothing for a visitor who declines", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    const requested = await interceptGoogle(page);
    await page.goto(`${analyticsServer.url}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
    await page.goto(`${analyticsServer.url}/about`);
    await waitForHydration(page);
    expect(requested).toEqual([]);
    await page.context().close();
  });

  it("loads a returning visitor's analytics at once when they accepted before", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    const requested = await interceptGoogle(page);
    await page.context().addCookies([{ name: "cookie-consent", value: "accepted", url: analyticsServer.url }]);
    await page.goto(`${analyticsServer.url}/contact`);
    await expect.poll(() => requested.length).toBe(1);
    await expect.poll(() => pageViews(page)).toEqual(["/contact"]);
    await page.context().close();
  });

  it("loads nothing at all when analytics is not configured", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    const requested = await interceptGoogle(page);
    await page.context().addCookies([{ name: "cookie-consent", value: "accepted", url: journey.server.url }]);
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => "gtag" in window)).toBe(false);
    await page.context().close();
  });
});
