import type { Page, Route } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { firstLoadJavaScript, homePage } from "../../scripts/client-build.js";
import { isSameDocument, JS_MODES, markDocument, openPage, waitForHydration, watchProblems } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

// The home page's static parts (hero, how it works, services, about, why us, guides) and the
// site's header and footer: the browser keeps the server's HTML for them and does not download
// their code until that HTML would be wrong. Its interactive parts (the quote wizard, the
// carousel, the cookie banner) work as plain HTML until the visitor comes to use them, then load
// their code. Each part here is found as a visitor sees it.

const journey = useServerAndBrowser();

const WITH_JAVASCRIPT = JS_MODES.find((mode) => mode.javaScriptEnabled)!;
const HERO = "Compare business mobile deals and save";
const HOW_IT_WORKS = "Your best deal in three simple steps";
const SERVICES = "Everything your business needs to stay connected";
const WIZARD = "Get your business mobile quote";
/** The carousel's name (its heading is the page's to give, so it is in the page's own code). */
const CAROUSEL = "Customer testimonials";
/** The home page's first screen on a laptop: the wizard starts below it. */
const LAPTOP = { width: 1280, height: 720 };
// A 1x1 PNG, served for a stock image's preview where a test needs one to load.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The app's scripts the page has downloaded so far, with their text. */
function scriptsDownloaded(page: Page): Map<string, Promise<string>> {
  const downloaded = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    // A script still arriving as the test closes the page cannot be read any more: said, not thrown.
    if (url.pathname.startsWith("/build/") && url.pathname.endsWith(".js"))
      downloaded.set(
        url.pathname,
        response.text().catch((error: Error) => `unread: ${error.message}`),
      );
  });
  return downloaded;
}

/** A visitor who has answered the cookie banner (so it covers nothing), on a desktop screen. */
async function openVisitor(mode: (typeof JS_MODES)[number]): Promise<Page> {
  const page = await openPage(journey.browser, mode, { viewport: LAPTOP });
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  return page;
}

afterEach(async () => {
  await journey.server.db.deleteFrom("stockImages").execute();
});

describe.each(JS_MODES)("the home page's static parts $name", (mode) => {
  it("show the server's page, and their links take the visitor on (in the same document with JavaScript)", async () => {
    const page = await openVisitor(mode);
    const errors = watchProblems(page);
    await page.goto(`${journey.server.url}/`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    for (const heading of [HERO, HOW_IT_WORKS, SERVICES]) expect(await region(page, heading).isVisible(), heading).toBe(true);

    await markDocument(page);
    await region(page, HERO).getByRole("link", { name: "Compare deals now" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#deals`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await isSameDocument(page)).toBe(mode.javaScriptEnabled);
    // The header is a static part too: it marks the page it is now on.
    const mainNavigation = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => mainNavigation.getByRole("link", { name: "Business Mobiles" }).getAttribute("aria-current")).toBe("page");
    expect(await mainNavigation.locator("[aria-current]").count()).toBe(1);

    // The footer is a static part of every public page.
    await markDocument(page);
    await page.getByRole("navigation", { name: "Company" }).getByRole("link", { name: "About Us" }).click();
    await page.waitForURL(`${journey.server.url}/about`);
    expect(await isSameDocument(page)).toBe(mode.javaScriptEnabled);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the home page's static parts with JavaScript", () => {
  it("hydrate without their code (the interactive ones too, while off screen): the server's elements stay, and no script the page downloads holds their text", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    const errors = watchProblems(page);
    const downloaded = scriptsDownloaded(page);
    // Hold the page's scripts until the server's elements are marked, so hydration comes after.
    let release!: () => void;
    const marked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/entry\.client-[^/]+\.js$/, async (route: Route) => {
      await marked;
      await route.continue();
    });
    await page.goto(`${journey.server.url}/`, { waitUntil: "domcontentloaded" });
    await page.evaluate(
      ([hero, services]) => {
        for (const name of [hero, services]) {
          const heading = [...document.querySelectorAll("h1, h2")].find((element) => element.textContent === name);
          (heading as unknown as { serverMark: string }).serverMark = name;
        }
      },
      [HERO, SERVICES],
    );
    release();
    await waitForHydration(page, { wakeParts: false });

    const stillMarked = await page.evaluate(
      ([hero, services]) =>
        [hero, services].map((name) => {
          const heading = [...document.querySelectorAll("h1, h2")].find((element) => element.textContent === name);
          return (heading as unknown as { serverMark?: string } | undefined)?.serverMark;
        }),
      [HERO, SERVICES],
    );
    expect(stillMarked).toEqual([HERO, SERVICES]);
    expect([...downloaded.keys()].sort()).toEqual([...homePage(firstLoadJavaScript()).files].sort());
    const scripts = await Promise.all(downloaded.values());
    for (const text of [HERO, HOW_IT_WORKS, SERVICES, WIZARD, CAROUSEL])
      expect(
        scripts.filter((script) => script.includes(text)),
        text,
      ).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("are rendered from their code when the visitor comes to the home page from another page, and again on the way back", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    const errors = watchProblems(page);
    await page.goto(`${journey.server.url}/about`);
    await waitForHydration(page);
    await markDocument(page);

    await page.getByRole("link", { name: /home$/ }).first().click();
    await page.waitForURL(`${journey.server.url}/`);
    for (const heading of [HERO, HOW_IT_WORKS, SERVICES]) await region(page, heading).waitFor();
    expect(await region(page, HOW_IT_WORKS).getByRole("listitem").count()).toBe(3);

    await region(page, HERO).getByRole("link", { name: "Compare deals now" }).click();
    await page.waitForURL(`${journey.server.url}/business-mobile#deals`);
    await page.goBack();
    await page.waitForURL(`${journey.server.url}/`);
    for (const heading of [HERO, HOW_IT_WORKS, SERVICES]) await region(page, heading).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("show a stock image staff chose after the page loaded once the page's data is reloaded", async () => {
    // A first visit: the cookie banner's answer is a form post after which the page's data is reloaded.
    const page = await openPage(journey.browser, WITH_JAVASCRIPT, { viewport: { width: 1280, height: 800 } });
    const errors = watchProblems(page);
    await page.route(`${journey.server.url}/admin/api/stock-images/*/preview`, (route) => route.fulfill({ contentType: "image/png", body: PNG }));
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page);
    expect(await region(page, SERVICES).locator("img").count()).toBe(0);

    const chosen = await journey.server.db
      .insertInto("stockImages")
      .values({
        filename: "services.png",
        originalName: "services.png",
        description: "Phones and routers on a desk",
        location: "services",
        size: PNG.length,
        contentType: "image/png",
        createdAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await page.getByRole("button", { name: "Accept All" }).click();

    const image = region(page, SERVICES).getByRole("img", { name: "Phones and routers on a desk" });
    await image.waitFor();
    expect(await image.getAttribute("src")).toBe(`/admin/api/stock-images/${chosen.id}/preview`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

const wizard = (page: Page) => page.locator("#get-quote");
const wizardQuestion = (page: Page) => wizard(page).getByRole("heading", { level: 3 });
const isWaiting = (page: Page, part: string) =>
  page
    .locator(`[data-waiting]:has(${part})`)
    .count()
    .then((count) => count === 1);

describe("the home page's interactive parts with JavaScript", () => {
  it("the quote wizard loads its code when it comes into view, and a choice then moves on in the same document", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    const errors = watchProblems(page);
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page, { wakeParts: false });
    expect(await isWaiting(page, "#get-quote")).toBe(true);

    await page.mouse.wheel(0, 600);
    await page.locator("[data-live]:has(#get-quote)").waitFor();
    await markDocument(page);
    await wizard(page).getByRole("button", { name: "5 - 9" }).click();
    await expect.poll(() => wizardQuestion(page).textContent()).toBe("When does your current contract end?");
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a choice made before the wizard's code has arrived is a plain form post, and the wizard goes on from the next step", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page, { wakeParts: false });
    // The wizard's code is on its way, and does not arrive before the click.
    await page.route(/\/build\/.+\.js$/, () => {});
    await markDocument(page);
    await wizard(page).getByRole("button", { name: "5 - 9" }).click();
    await page.waitForURL(/#quote-step$/);
    await wizardQuestion(page).filter({ hasText: "When does your current contract end?" }).waitFor();
    expect(await isSameDocument(page)).toBe(false);
    await page.context().close();
  });

  it("tabbing into the wizard brings its code, and focus stays on the same choice", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    const errors = watchProblems(page);
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page, { wakeParts: false });

    await wizard(page).getByRole("button", { name: "10+" }).focus();
    await page.locator("[data-live]:has(#get-quote)").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("10+");
    await page.keyboard.press("Enter");
    await expect.poll(() => wizardQuestion(page).textContent()).toBe("When does your current contract end?");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("text typed into the wizard before its code arrived, and the focus, are kept when it arrives", async () => {
    const page = await openVisitor(WITH_JAVASCRIPT);
    const errors = watchProblems(page);
    // The wizard's own code waits until the visitor has typed.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/quote-wizard-[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue().catch(() => {}); // a request of a page already left is gone
    });
    await page.goto(`${journey.server.url}/`);
    await waitForHydration(page, { wakeParts: false });
    // Without its code each choice is a form post, answered with the next step.
    for (const [choice, next] of [
      ["5 - 9", "When does your current contract end?"],
      ["Under 3 months", "What type of business do you run?"],
      ["LTD company", "Tell us about your business"],
    ]) {
      await wizard(page).getByRole("button", { name: choice }).click();
      await wizardQuestion(page).filter({ hasText: next }).waitFor();
    }
    // Hydrated, the wizard on screen, its code on the way.
    await page.locator("[data-waiting]:has(#get-quote)").waitFor();
    await wizard(page).getByLabel("Business name").fill("Patel Plumbing Ltd");

    release();
    await page.locator("[data-live]:has(#get-quote)").waitFor();
    expect(await wizard(page).getByLabel("Business name").inputValue()).toBe("Patel Plumbing Ltd");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("businessName");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the cookie banner loads its code only when the visitor points at it, then hides in the same document", async () => {
    const page = await openPage(journey.browser, WITH_JAVASCRIPT, { viewport: LAPTOP });
    const errors = watchProblems(page);
    const downloaded = scriptsDownloaded(page);
    await page.goto(`${journey.server.url}/about`);
    const banner = page.getByTestId("cookie-banner");
    await banner.waitFor({ state: "visible" });
    await waitForHydration(page, { wakeParts: false });
    expect(await isWaiting(page, "[data-testid=cookie-banner]")).toBe(true);
    const before = (await Promise.all(downloaded.values())).filter((script) => script.includes("cookie-consent")).length;

    await banner.hover();
    await page.locator("[data-live]:has([data-testid=cookie-banner])").waitFor();
    await markDocument(page);
    await banner.getByRole("button", { name: "Accept All" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await isSameDocument(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    expect((await Promise.all(downloaded.values())).filter((script) => script.includes("cookie-consent")).length).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a cookie choice this browser kept but the cookie lost wakes the banner at once, and it is sent again", async () => {
    const page = await openPage(journey.browser, WITH_JAVASCRIPT, { viewport: LAPTOP });
    const errors = watchProblems(page);
    await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "declined"));
    await page.goto(`${journey.server.url}/about`);
    // The choice is the value's first part (then the cookies policy's version and when).
    const consentCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === "cookie-consent")?.value.split(".")[0];
    await expect.poll(consentCookie, { timeout: 30_000 }).toBe("declined");
    await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
    await waitForHydration(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
