import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { SAMPLE_TESTIMONIALS } from "~/features/content/testimonials";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import type { StockImageLocation } from "~/features/content/stock-image-locations";

const journey = useServerAndBrowser();

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

async function visit(mode: JsMode, path: string, options: BrowserContextOptions = {}): Promise<Page> {
  // A returning visitor who already answered the cookie banner, so it never covers the carousel.
  const page = await openPage(journey.browser, mode, options);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const carousel = (page: Page) => page.getByRole("region", { name: "Customer testimonials" });
const cards = (page: Page) => carousel(page).getByTestId("testimonial-card");

/** Exactly these people's testimonials are shown, in this order. */
async function expectTestimonialsFrom(page: Page, names: string[]) {
  const texts = await cards(page).allInnerTexts();
  expect(texts).toHaveLength(names.length);
  texts.forEach((text, index) => expect(text).toContain(names[index]));
}

/** The slides ("N of M") whose whole width lies inside the carousel's visible box. */
async function slidesInView(page: Page): Promise<string[]> {
  const track = (await carousel(page).boundingBox())!;
  const shown: string[] = [];
  for (const slide of await carousel(page).locator("[data-carousel-slide]").all()) {
    const box = (await slide.boundingBox())!;
    if (box.x >= track.x - 1 && box.x + box.width <= track.x + track.width + 1) {
      shown.push((await slide.getAttribute("aria-label"))!);
    }
  }
  return shown;
}

/** The carousel's controls: buttons once the script runs, links (only the current pair visible) without it. */
function control(page: Page, mode: JsMode, name: "carousel-next" | "carousel-prev"): Locator {
  return mode.javaScriptEnabled ? page.locator(`button[data-testid=${name}]`) : page.locator(`a[data-testid=${name}]:visible`);
}
const dot = (page: Page, number: number) => page.getByTestId("carousel-dot").and(page.getByLabel(`Show testimonial ${number}`));

async function expectShowing(page: Page, mode: JsMode, number: number) {
  await expect.poll(() => slidesInView(page)).toEqual([`${number} of 3`]);
  if (mode.javaScriptEnabled) {
    expect(await page.locator("[data-testid=carousel-dot][aria-current=true]").getAttribute("aria-label")).toBe(`Show testimonial ${number}`);
  }
}

describe.each(JS_MODES)("testimonials $name", (mode) => {
  it("shows the three built-in testimonials on / while none is featured", async () => {
    const page = await visit(mode, "/", { viewport: DESKTOP });
    await expectTestimonialsFrom(
      page,
      SAMPLE_TESTIMONIALS.map((testimonial) => testimonial.name),
    );
    const quotes = await cards(page).locator("blockquote").allInnerTexts();
    quotes.forEach((quote, index) => expect(quote).toContain(SAMPLE_TESTIMONIALS[index].content));
    await page.context().close();
  });

  it("lays the testimonials out in three columns at 1280 pixels, without carousel controls", async () => {
    const page = await visit(mode, "/", { viewport: DESKTOP });
    await carousel(page).scrollIntoViewIfNeeded();
    const boxes = await Promise.all((await cards(page).all()).map(async (card) => (await card.boundingBox())!));
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(Math.abs(box.y - boxes[0].y)).toBeLessThan(2);
    expect(boxes[0].x + boxes[0].width).toBeLessThanOrEqual(boxes[1].x);
    expect(boxes[1].x + boxes[1].width).toBeLessThanOrEqual(boxes[2].x);
    expect(await slidesInView(page)).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(await page.locator("[data-testid^=carousel-]:visible").count()).toBe(0);
    await page.context().close();
  });

  it("moves the 390-pixel carousel with next, previous and the dots, wrapping around at both ends", async () => {
    const page = await visit(mode, "/", { viewport: MOBILE });
    if (mode.javaScriptEnabled) await page.locator("button[data-testid=carousel-next]").waitFor();
    await carousel(page).scrollIntoViewIfNeeded();
    await expectShowing(page, mode, 1);

    const next = () => control(page, mode, "carousel-next").click();
    const previous = () => control(page, mode, "carousel-prev").click();
    await next();
    await expectShowing(page, mode, 2);
    await next();
    await expectShowing(page, mode, 3);
    await next();
    await expectShowing(page, mode, 1);
    await previous();
    await expectShowing(page, mode, 3);
    await previous();
    await expectShowing(page, mode, 2);

    await dot(page, 1).click();
    await expectShowing(page, mode, 1);
    await dot(page, 3).click();
    await expectShowing(page, mode, 3);
    // After a dot, next and previous carry on from where it went.
    await next();
    await expectShowing(page, mode, 1);
    await page.context().close();
  });
});

describe("featured testimonials", () => {
  const MARKUP = "<img src=x onerror=alert(1)> <b>bold</b>";
  const FEATURED = [
    { name: "Tom Baker", company: "Baker's Bakery", position: "Owner", content: "Saved us £40 a month on four lines.", rating: 5 },
    { name: "Aisha Khan", company: "Khan Legal", position: "Partner", content: `We tried ${MARKUP} and it stayed text.`, rating: 4 },
    { name: "Gareth Jones", company: "Jones Joinery", position: "Director", content: "Signal on site at last.", rating: 5 },
    { name: "Lucy Evans", company: "Evans Dental", position: "Practice Owner", content: "One bill for the whole practice.", rating: 5 },
  ];
  // Newest first is the order the site shows them in; Business Mobiles shows the newest three.
  const NEWEST_FIRST = FEATURED.map((testimonial) => testimonial.name).reverse();

  beforeAll(async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await journey.server.db
      .insertInto("testimonials")
      .values([
        ...FEATURED.map((testimonial, index) => ({
          ...testimonial,
          featured: 1 as const,
          date: "June 1, 2025",
          createdAt: at(10 - index),
          updatedAt: at(10 - index),
        })),
        {
          name: "Not Featured",
          company: "Hidden Ltd",
          position: "Manager",
          content: "This one should stay off the public pages.",
          rating: 3,
          featured: 0 as const,
          date: "June 2, 2025",
          createdAt: at(1),
          updatedAt: at(1),
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await journey.server.db.deleteFrom("testimonials").execute();
  });

  describe.each(JS_MODES)("$name", (mode) => {
    it.each([
      ["/", NEWEST_FIRST],
      ["/business-mobile", NEWEST_FIRST.slice(0, 3)],
    ])("%s shows only featured testimonials", async (path, names) => {
      const page = await visit(mode, path, { viewport: DESKTOP });
      await expectTestimonialsFrom(page, names);
      expect(await page.getByText("Not Featured").count()).toBe(0);
      await page.context().close();
    });

    it("shows markup typed into a testimonial as text", async () => {
      const page = await openPage(journey.browser, mode, { viewport: DESKTOP });
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${journey.server.url}/`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const card = cards(page).filter({ hasText: "Aisha Khan" });
      expect(await card.locator("blockquote").innerText()).toContain(MARKUP);
      expect(await card.locator("img, b").count()).toBe(0);
      expect(dialogs).toEqual([]);
      await page.context().close();
    });
  });
});

describe("stock images", () => {
  /** Where each location's image shows: the page and the section's heading. */
  const PLACES: { where: string; location: StockImageLocation; path: string; section: string; placeholder: string }[] = [
    {
      where: "the home hero",
      location: "hero-section",
      path: "/",
      section: "Compare business mobile deals and save",
      placeholder: "Image coming soon",
    },
    {
      where: "the home about block",
      location: "about-us",
      path: "/",
      section: "Independent experts on your side",
      placeholder: "About us image coming soon",
    },
    {
      where: "the About hero",
      location: "about-us",
      path: "/about",
      section: "Independent telecoms advice for UK small businesses",
      placeholder: "About us image coming soon",
    },
    {
      where: "the Business Mobiles plans block",
      location: "general",
      path: "/business-mobile",
      section: "Mobile plans built around your business",
      placeholder: "Business mobiles image coming soon",
    },
  ];
  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

  describe.each(JS_MODES)("with none chosen, $name", (mode) => {
    it.each(PLACES.filter((place) => place.location !== "hero-section"))("shows the placeholder in $where", async ({ path, section, placeholder }) => {
      const page = await visit(mode, path, { viewport: DESKTOP });
      const place = region(page, section);
      expect(await place.getByRole("img", { name: placeholder, exact: true }).isVisible()).toBe(true);
      expect(await place.locator("img").count()).toBe(0);
      await page.context().close();
    });

    it("/ shows the headline numbers in the hero and placeholders on the three resource cards", async () => {
      const page = await visit(mode, "/", { viewport: DESKTOP });
      const hero = region(page, "Compare business mobile deals and save");
      expect(await hero.locator("img, [role=img]").count()).toBe(0);
      expect(await hero.getByText("100,000+").isVisible()).toBe(true);
      const resources = region(page, "Guides for smarter business connectivity");
      expect(await resources.getByRole("img", { name: /^Illustration for / }).count()).toBe(3);
      await page.context().close();
    });
  });

  describe("once staff choose images", () => {
    const ids: Partial<Record<StockImageLocation, number>> = {};
    const description = (location: StockImageLocation) => `Chosen ${location} image`;
    // A 1x1 PNG, served in place of the preview route (a later piece of work) where a test needs it to load.
    const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

    beforeAll(async () => {
      for (const location of ["hero-section", "about-us", "general"] as const) {
        const row = await journey.server.db
          .insertInto("stockImages")
          .values({
            filename: `${location}.png`,
            originalName: `${location}.png`,
            description: description(location),
            location,
            size: PNG.length,
            contentType: "image/png",
            createdAt: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids[location] = row.id;
      }
    });
    afterAll(async () => {
      await journey.server.db.deleteFrom("stockImages").execute();
    });

    describe.each(JS_MODES)("$name", (mode) => {
      it.each(PLACES)("shows the $location image in $where", async ({ location, path, section }) => {
        const page = await openPage(journey.browser, mode, { viewport: DESKTOP });
        await page.route(`${journey.server.url}/admin/api/stock-images/*/preview`, (route) => route.fulfill({ contentType: "image/png", body: PNG }));
        await page.goto(`${journey.server.url}${path}`);
        if (mode.javaScriptEnabled) await waitForHydration(page);
        const image = region(page, section).locator("img");
        await image.scrollIntoViewIfNeeded();
        expect(await image.getAttribute("src")).toBe(`/admin/api/stock-images/${ids[location]}/preview`);
        expect(await image.getAttribute("alt")).toBe(description(location));
        await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
        expect(await region(page, section).locator("[role=img]").count()).toBe(0);
        await page.context().close();
      });

      if (mode.javaScriptEnabled) {
        it.each(PLACES)("replaces a broken $location preview in $where with the placeholder", async ({ path, section }) => {
          const page = await visit(mode, path, { viewport: DESKTOP });
          const place = region(page, section);
          // Lazy images only load, and so only fail, near the screen.
          await place.scrollIntoViewIfNeeded();
          await place.getByRole("img", { name: /image coming soon$/i }).waitFor();
          expect(await place.locator("img").count()).toBe(0);
          await page.context().close();
        });
      } else {
        it.each(PLACES)("keeps the $location image and its alt text in $where when its preview is broken", async ({ location, path, section }) => {
          const page = await visit(mode, path, { viewport: DESKTOP });
          const image = region(page, section).getByRole("img", { name: description(location), exact: true });
          expect(await image.getAttribute("src")).toBe(`/admin/api/stock-images/${ids[location]}/preview`);
          await page.context().close();
        });
      }
    });
  });
});
