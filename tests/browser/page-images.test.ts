import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS } from "~/platform/image-variants";
import { signIn, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { pngBytes } from "../support/images";
import { useServerAndBrowser } from "../support/journey";

/**
 * The public pages with the images staff uploaded, on a phone: every `<img>`
 * has its width and height (nothing moves as pictures arrive), pictures come
 * as resized AVIF from the allowed widths, and the page's main image is not
 * left to lazy loading.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };
const PAGES = ["/", "/business-mobile", "/about", "/contact", "/testimonials"] as const;
/** Pages that open with a staff-chosen picture in the hero: that one is their largest paint. */
const MAIN_IMAGE: Partial<Record<(typeof PAGES)[number], string>> = {
  "/": "Chosen hero-section image",
  "/about": "Chosen about-us image",
  "/testimonials": "Chosen testimonials image",
};

const UPLOADS = [
  ["hero-section", 1600, 1200],
  ["services", 1600, 900],
  ["about-us", 1200, 900],
  ["general", 1200, 900],
  ["contact", 1600, 900],
  ["testimonials", 1200, 900],
  ["resources", 1200, 675],
  ["resources", 1200, 675],
  ["resources", 1200, 675],
  ["formlogo1", 300, 100],
  ["formlogo2", 240, 120],
] as const;

beforeAll(async () => {
  const session = await signIn(journey.server, TEST_OWNER.email, TEST_OWNER.password);
  for (const [index, [location, width, height]] of UPLOADS.entries()) {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(pngBytes(width, height))], { type: "image/png" }), `${location}-${index}.png`);
    form.append("location", location);
    form.append("description", `Chosen ${location} image`);
    const response = await fetch(`${journey.server.url}/admin/api/stock-images`, {
      method: "POST",
      body: form,
      headers: { Cookie: session, Origin: journey.server.url },
    });
    expect(response.status).toBe(201);
  }
});

async function visit(mode: JsMode, path: string): Promise<Page> {
  const page = await openPage(journey.browser, mode, PHONE);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

interface ImageFacts {
  alt: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  srcset: string[];
  avifSrcset: string[];
  currentSrc: string;
  loaded: boolean;
}

function imageFacts(page: Page): Promise<ImageFacts[]> {
  return page.locator("img").evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const urls = (srcset: string | null) => (srcset ? srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]) : []);
      const avif = image.parentElement?.tagName === "PICTURE" ? image.parentElement.querySelector("source[type='image/avif']") : null;
      return {
        alt: image.alt,
        width: image.getAttribute("width"),
        height: image.getAttribute("height"),
        loading: image.getAttribute("loading"),
        fetchPriority: image.getAttribute("fetchpriority"),
        srcset: urls(image.getAttribute("srcset")),
        avifSrcset: urls(avif?.getAttribute("srcset") ?? null),
        currentSrc: image.currentSrc,
        loaded: image.complete && image.naturalWidth > 0,
      };
    }),
  );
}

/** Brings every lazy image near the screen, then waits until all have loaded. */
async function loadEveryImage(page: Page): Promise<ImageFacts[]> {
  for (const image of await page.locator("img").all()) await image.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await imageFacts(page)).filter((image) => !image.loaded).map((image) => image.alt)).toEqual([]);
  return imageFacts(page);
}

const VARIANT_URL = new RegExp(`^/uploads/[0-9a-f]{32}\\.png/(${VARIANT_WIDTHS.join("|")})\\.(avif|webp)$`);

describe.each(JS_MODES)("images on the public pages, $name", (mode) => {
  it.each(PAGES)("%s: every image has a width and height, comes as a resized AVIF, and has loaded", async (path) => {
    const page = await visit(mode, path);
    const images = await loadEveryImage(page);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect([image.alt, Number(image.width) > 0, Number(image.height) > 0]).toEqual([image.alt, true, true]);
      expect(image.srcset.length).toBeGreaterThan(0);
      for (const url of [...image.srcset, ...image.avifSrcset]) expect(url).toMatch(VARIANT_URL);
      expect(new URL(image.currentSrc).pathname).toMatch(/\.avif$/);
    }
    await page.context().close();
  });

  it.each(PAGES)("%s: only the page's main image loads at once and first; the rest wait until near the screen", async (path) => {
    const page = await visit(mode, path);
    const images = await imageFacts(page);
    const main = MAIN_IMAGE[path];
    for (const image of images) {
      const isMain = image.alt === main;
      expect([image.alt, image.loading, image.fetchPriority]).toEqual([image.alt, isMain ? "eager" : "lazy", isMain ? "high" : null]);
    }
    if (main) expect(images.some((image) => image.alt === main)).toBe(true);
    await page.context().close();
  });
});

describe("width and height match the upload", () => {
  it("gives each image its own proportions, so the browser keeps its space before it arrives", async () => {
    const page = await visit(JS_MODES[0], "/");
    const images = await imageFacts(page);
    const hero = images.find((image) => image.alt === "Chosen hero-section image");
    const logo = images.find((image) => image.alt === "Chosen formlogo1 image");
    expect([hero?.width, hero?.height]).toEqual(["1600", "1200"]);
    expect([logo?.width, logo?.height]).toEqual(["300", "100"]);
    await page.context().close();
  });
});
