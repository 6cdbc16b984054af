import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER as OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { NOT_AN_IMAGE, oversizedPng, pngBytes } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

const MANAGER = { email: "manager@clearlinebusiness.co.uk", password: "manager-password-123" };

let server: TestServer;
let browser: Browser;
/** The 11 MB file is handed to the browser as a path: quicker than sending its bytes over the wire protocol. */
const oversizedFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "oversized-")), "huge-photo.png");
fs.writeFileSync(oversizedFile, oversizedPng());

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await waitForAdminUser(server.db, OWNER.email);
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(path.dirname(oversizedFile), { recursive: true, force: true });
});

async function clearImages() {
  await server.db.deleteFrom("stockImages").execute();
  fs.rmSync(path.join(server.dataDir, "uploads"), { recursive: true, force: true });
}

function storedFiles(): string[] {
  const folder = path.join(server.dataDir, "uploads");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function imageRows() {
  return server.db.selectFrom("stockImages").selectAll().orderBy("id").execute();
}

async function openStockImages(mode: JsMode, account: { email: string; password: string } = OWNER): Promise<Page> {
  const page = await openPage(browser, mode);
  await signInBrowser(page.context(), server, account.email);
  await page.goto(`${server.url}/admin/stock-images`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId("toast");
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

async function dismissToast(page: Page) {
  const toast = page.getByTestId("toast");
  // A button with JavaScript; without it, the label of a CSS-only checkbox.
  if (await toast.isVisible()) {
    // With JavaScript the toast also closes itself after 5 s, which on a busy machine can happen
    // between seeing it and clicking: either way it ends hidden, and the click is then moot.
    const dismissed = toast
      .locator("button, label")
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await Promise.race([dismissed, toast.waitFor({ state: "hidden" })]);
  }
  await toast.waitFor({ state: "hidden" });
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string | null, location: string | null, description = "") {
  if (file) await page.getByLabel("Image file").setInputFiles(file);
  if (location) await page.getByLabel("Location").selectOption({ label: location });
  if (description) await page.getByLabel("Description (optional)").fill(description);
  await page.getByRole("button", { name: "Upload Image" }).click();
}

/** An image on a public page that really loaded (scrolled into view first: they load lazily). */
async function loadedImage(page: Page, id: number) {
  const image = page.locator(`img[src="/admin/api/stock-images/${id}/preview"]`).first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  return image;
}

describe.each(JS_MODES)("stock images $name", (mode) => {
  beforeEach(clearImages);

  it("uploads images, lists them, shows them on the public pages, and deletes them", async () => {
    const page = await openStockImages(mode);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Stock Images");
    expect(await page.getByText("No images uploaded yet").isVisible()).toBe(true);
    // No count beside an empty list.
    expect(await page.locator("#images-heading").textContent()).toBe("Uploaded images");

    const hero = pngBytes(640, 400);
    await upload(page, { name: "team-meeting.png", mimeType: "image/png", buffer: hero }, "Hero Section", "Our team comparing network coverage");
    expect(await toastText(page)).toContain("Image uploaded successfully");
    const card = page.getByTestId("stock-image-card");
    await expect.poll(() => card.count()).toBe(1);
    const text = await card.first().textContent();
    expect(text).toContain("team-meeting.png");
    expect(text).toContain("Hero Section");
    expect(text).toContain("Our team comparing network coverage");
    expect(await card.first().getByTestId("stock-image-size").textContent()).toBe("< 0.01 MB");
    // The form is empty again.
    expect(await page.getByLabel("Image file").inputValue()).toBe("");
    expect(await page.getByLabel("Location").inputValue()).toBe("");
    expect(await page.getByLabel("Description (optional)").inputValue()).toBe("");

    await dismissToast(page);
    await upload(page, { name: "office.png", mimeType: "image/png", buffer: pngBytes(400, 300, [16, 185, 129], [37, 99, 235]) }, "About Us Section");
    expect(await toastText(page)).toContain("Image uploaded successfully");
    await dismissToast(page);
    await upload(page, { name: "handsets.png", mimeType: "image/png", buffer: pngBytes(400, 300) }, "General Use", "Handsets on a desk");
    expect(await toastText(page)).toContain("Image uploaded successfully");
    await expect.poll(() => card.count()).toBe(3);
    expect(await page.getByRole("heading", { name: "Uploaded images (3)" }).isVisible()).toBe(true);

    const rows = await imageRows();
    expect(rows.map((row) => [row.originalName, row.location, row.contentType])).toEqual([
      ["team-meeting.png", "hero-section", "image/png"],
      ["office.png", "about-us", "image/png"],
      ["handsets.png", "general", "image/png"],
    ]);
    expect(rows[0].size).toBe(hero.length);
    for (const row of rows) expect(row.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(storedFiles().sort()).toEqual(rows.map((row) => row.filename).sort());
    const [heroRow, aboutRow, generalRow] = rows;

    // View opens the preview in a new tab.
    const view = card.filter({ hasText: "team-meeting.png" }).getByRole("link", { name: /^View/ });
    expect(await view.getAttribute("target")).toBe("_blank");
    expect(await view.getAttribute("href")).toBe(`/admin/api/stock-images/${heroRow.id}/preview`);
    const preview = await page.context().request.get(`${server.url}/admin/api/stock-images/${heroRow.id}/preview`);
    expect(preview.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await preview.body()).equals(hero)).toBe(true);

    // The public pages show them on the next page view.
    const visitor = await openPage(browser, mode);
    await visitor.goto(`${server.url}/`);
    expect(await (await loadedImage(visitor, heroRow.id)).getAttribute("alt")).toBe("Our team comparing network coverage");
    await loadedImage(visitor, aboutRow.id);
    await visitor.goto(`${server.url}/about`);
    await loadedImage(visitor, aboutRow.id);
    await visitor.goto(`${server.url}/business-mobile`);
    expect(await (await loadedImage(visitor, generalRow.id)).getAttribute("alt")).toBe("Handsets on a desk");

    // Delete asks first, then removes the record and the file.
    await dismissToast(page);
    await card
      .filter({ hasText: "office.png" })
      .getByRole("link", { name: /^Delete/ })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to delete this image?");
    expect(await dialog.textContent()).toContain("office.png");
    await dialog.getByRole("button", { name: "Delete" }).click();
    expect(await toastText(page)).toContain("Image deleted successfully");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => card.count()).toBe(2);
    expect((await imageRows()).map((row) => row.originalName)).toEqual(["team-meeting.png", "handsets.png"]);
    expect(storedFiles()).not.toContain(aboutRow.filename);

    await visitor.goto(`${server.url}/about`);
    expect(await visitor.getByRole("img", { name: "About us image coming soon" }).isVisible()).toBe(true);
    expect(await visitor.locator(`img[src*="/admin/api/stock-images/"]`).count()).toBe(0);
    await visitor.goto(`${server.url}/`);
    await loadedImage(visitor, heroRow.id);
    expect(await visitor.locator(`img[src="/admin/api/stock-images/${aboutRow.id}/preview"]`).count()).toBe(0);

    for (const name of ["team-meeting.png", "handsets.png"]) {
      await dismissToast(page);
      await card
        .filter({ hasText: name })
        .getByRole("link", { name: /^Delete/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      expect(await toastText(page)).toContain("Image deleted successfully");
    }
    expect(await page.getByText("No images uploaded yet").isVisible()).toBe(true);
    expect(storedFiles()).toEqual([]);
    await visitor.goto(`${server.url}/business-mobile`);
    expect(await visitor.getByRole("img", { name: "Business mobiles image coming soon" }).isVisible()).toBe(true);
    await visitor.context().close();
    await page.context().close();
  });

  it.each([
    ["a file over 10 MB", oversizedFile, "General Use", "File Too Large", "Image must be smaller than 10MB"],
    [
      "a file named .png that is not an image",
      { name: "notes.png", mimeType: "image/png", buffer: NOT_AN_IMAGE },
      "Hero Section",
      "Invalid File",
      "Please select an image file",
    ],
    [
      "an SVG",
      { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      "Form Logo 1",
      "Invalid File",
      "Please select an image file",
    ],
    ["a missing location", { name: "fine.png", mimeType: "image/png", buffer: pngBytes() }, null, "Missing Information", "Please select a file and location"],
    ["a missing file", null, "Services Section", "Missing Information", "Please select a file and location"],
  ])("refuses %s with the spec's message and stores nothing", async (_case, file, location, title, description) => {
    const page = await openStockImages(mode);
    if (mode.javaScriptEnabled && file && title !== "Missing Information") {
      // With JavaScript the file is checked as soon as it is chosen, and not kept.
      await page.getByLabel("Image file").setInputFiles(file);
      const text = await toastText(page);
      expect(text).toContain(title);
      expect(text).toContain(description);
      expect(await page.getByLabel("Image file").inputValue()).toBe("");
    } else {
      await upload(page, file, location, "Should not be kept");
      const text = await toastText(page);
      expect(text).toContain(title);
      expect(text).toContain(description);
      expect(await page.getByTestId("toast").getAttribute("data-kind")).toBe("destructive");
    }
    expect(await page.getByLabel("Description (optional)").inputValue()).toBe("");
    expect(await imageRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await page.getByText("No images uploaded yet").isVisible()).toBe(true);
    await page.context().close();
  });

  it("lets a manager view the images but not upload or delete them", async () => {
    const page = await openStockImages(mode);
    await upload(page, { name: "logo.png", mimeType: "image/png", buffer: pngBytes(120, 40) }, "Form Logo 2");
    expect(await toastText(page)).toContain("Image uploaded successfully");
    const [row] = await imageRows();
    await page.context().close();

    const managerPage = await openStockImages(mode, MANAGER);
    expect(await managerPage.getByTestId("stock-image-card").count()).toBe(1);
    expect(await managerPage.getByRole("button", { name: "Upload Image" }).count()).toBe(0);
    expect(await managerPage.getByRole("link", { name: /^Delete/ }).count()).toBe(0);
    expect(await managerPage.getByRole("link", { name: /^View/ }).count()).toBe(1);
    await managerPage.goto(`${server.url}/admin/stock-images/${row.id}/delete`);
    expect(managerPage.url()).toBe(`${server.url}/admin/dashboard`);
    expect(await toastText(managerPage)).toContain("Access Denied");
    expect(await imageRows()).toHaveLength(1);
    await managerPage.context().close();
  });
});

describe("stock images with JavaScript", () => {
  beforeEach(clearImages);

  it("reads Uploading... while sending", async () => {
    const page = await openStockImages(JS_MODES[1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/stock-images*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await upload(page, { name: "slow.png", mimeType: "image/png", buffer: pngBytes(50, 50) }, "Contact Section");
    const button = page.getByRole("button", { name: "Uploading..." });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    expect(await toastText(page)).toContain("Image uploaded successfully");
    expect(await page.getByRole("button", { name: "Upload Image" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("shows a placeholder icon when a preview cannot be loaded", async () => {
    await server.db
      .insertInto("stockImages")
      .values({
        filename: "0123456789abcdef0123456789abcdef.png",
        originalName: "lost.png",
        description: null,
        location: "services",
        size: 2048,
        contentType: "image/png",
        createdAt: new Date().toISOString(),
      })
      .execute();
    const page = await openStockImages(JS_MODES[1]);
    await page.getByTestId("preview-placeholder").waitFor();
    expect(await page.getByRole("img", { name: "Preview of lost.png is unavailable" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("has no serious or critical accessibility problems, with images and with the delete dialog open", async () => {
    const page = await openStockImages(JS_MODES[1]);
    await upload(page, { name: "hero.png", mimeType: "image/png", buffer: pngBytes(64, 48) }, "Hero Section", "A bright office");
    expect(await toastText(page)).toContain("Image uploaded successfully");
    let violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.getByRole("link", { name: /^Delete/ }).click();
    await page.getByRole("dialog").waitFor();
    violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.context().close();
  });
});
