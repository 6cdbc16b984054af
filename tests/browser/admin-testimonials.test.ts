import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_TESTIMONIALS } from "~/features/content/testimonials";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

const ADMIN = { email: "admin@clearlinebusiness.co.uk", password: "a-long-test-password" };
const MANAGER = { email: "manager@clearlinebusiness.co.uk", password: "a-long-test-password" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await waitForAdminUser(server.db, TEST_OWNER.email);
  await createAdminUserRow(server.db, { ...ADMIN, role: "admin" });
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  await server.db.deleteFrom("testimonials").execute();
});

async function go(page: Page, mode: JsMode, path: string) {
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

async function openTestimonials(mode: JsMode, account = ADMIN): Promise<Page> {
  const page = await openPage(browser, mode, { viewport: { width: 1280, height: 1000 } });
  await signInBrowser(page.context(), server, account.email);
  await go(page, mode, "/admin/testimonials");
  return page;
}

async function expectToast(page: Page, title: string) {
  await expect.poll(() => page.getByTestId("toast").textContent()).toContain(title);
}

/** Back on the list once a dialog's form is done. */
async function backOnList(page: Page) {
  await page.waitForURL(`${server.url}/admin/testimonials`);
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

function card(page: Page, name: string): Locator {
  return page.getByTestId("testimonial-admin-card").filter({ hasText: name });
}

/** The testimonials block of the home page, read fresh from the server. */
async function homeTestimonials(page: Page, mode: JsMode): Promise<Locator> {
  await go(page, mode, "/");
  return page.getByTestId("testimonial-card");
}

interface TypedTestimonial {
  name: string;
  company: string;
  position: string;
  content: string;
  stars: number;
  featured: boolean;
}

async function addTestimonial(page: Page, testimonial: TypedTestimonial) {
  await page.getByRole("link", { name: "Add Testimonial" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
  await dialog.waitFor();
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(testimonial.name);
  await dialog.getByRole("textbox", { name: "Company", exact: true }).fill(testimonial.company);
  await dialog.getByRole("textbox", { name: "Position", exact: true }).fill(testimonial.position);
  await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill(testimonial.content);
  await dialog.getByRole("radio", { name: `${testimonial.stars} ${testimonial.stars === 1 ? "star" : "stars"}`, exact: true }).check();
  await dialog.getByRole("checkbox", { name: "Featured" }).setChecked(testimonial.featured);
  await dialog.getByRole("button", { name: "Add Testimonial" }).click();
}

const todayInLondon = () => new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "Europe/London" }).format(new Date());

const fiona: TypedTestimonial = {
  name: "Fiona Reid",
  company: "Reid Dental Practice",
  position: "Practice Owner",
  content: "Six phones, one bill, and a saving of £70 a month. The switch took an afternoon.",
  stars: 4,
  featured: true,
};

describe.each(JS_MODES)("testimonials $name", (mode) => {
  it("adds a 4-star featured testimonial that shows on the home page at once", async () => {
    const page = await openTestimonials(mode);
    expect(await page.getByText("No testimonials yet").isVisible()).toBe(true);

    await page.getByRole("link", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.waitFor();
    expect(page.url()).toBe(`${server.url}/admin/testimonials/new`);
    // The defaults: today's date in long form, 5 stars, not featured.
    expect(await dialog.getByRole("textbox", { name: "Date", exact: true }).inputValue()).toBe(todayInLondon());
    expect(await dialog.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Featured" }).isChecked()).toBe(false);
    // The stars are radios: arrow keys move the choice.
    await dialog.getByRole("radio", { name: "2 stars" }).check();
    await page.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: "3 stars" }).isChecked()).toBe(true);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await backOnList(page);
    if (mode.javaScriptEnabled) {
      // As a modal, Escape closes it too.
      await page.getByRole("link", { name: "Add Testimonial" }).click();
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await backOnList(page);
    }

    await addTestimonial(page, fiona);
    await backOnList(page);
    await expectToast(page, "Testimonial created successfully");
    const added = card(page, fiona.name);
    expect(await added.getByText("Featured", { exact: true }).isVisible()).toBe(true);
    expect(await added.locator("[data-rating]").getAttribute("data-rating")).toBe("4");
    expect(await added.textContent()).toContain(`${fiona.position} at ${fiona.company}`);
    expect(await added.textContent()).toContain(todayInLondon());
    expect(await added.textContent()).toContain(`“${fiona.content}”`);

    const home = await homeTestimonials(page, mode);
    expect(await home.count()).toBe(1);
    expect(await home.first().textContent()).toContain(fiona.content);
    expect(await home.first().locator("[data-rating]").getAttribute("data-rating")).toBe("4");
    await page.context().close();
  });

  it("edits a testimonial, unfeatures it (gone from the home page), and deletes it after the spec's confirmation", async () => {
    const page = await openTestimonials(mode);
    await addTestimonial(page, fiona);
    await backOnList(page);

    await card(page, fiona.name)
      .getByRole("link", { name: `Edit the testimonial from ${fiona.name}` })
      .click();
    let dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    await dialog.waitFor();
    expect(await dialog.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(fiona.name);
    expect(await dialog.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Featured" }).isChecked()).toBe(true);
    await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill("Still saving a year on, and support answers the phone.");
    await dialog.getByRole("radio", { name: "5 stars" }).check();
    await dialog.getByRole("button", { name: "Update Testimonial" }).click();
    await backOnList(page);
    await expectToast(page, "Testimonial updated successfully");
    expect(await card(page, fiona.name).textContent()).toContain("Still saving a year on");
    expect(await card(page, fiona.name).locator("[data-rating]").getAttribute("data-rating")).toBe("5");

    // Unfeature: no longer on the home page, which falls back to the built-in samples.
    await card(page, fiona.name).getByRole("link", { name: /^Edit/ }).click();
    dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    await dialog.waitFor();
    await dialog.getByRole("checkbox", { name: "Featured" }).uncheck();
    await dialog.getByRole("button", { name: "Update Testimonial" }).click();
    await backOnList(page);
    await expectToast(page, "Testimonial updated successfully");
    expect(await card(page, fiona.name).getByText("Featured", { exact: true }).count()).toBe(0);
    let home = await homeTestimonials(page, mode);
    expect(await home.filter({ hasText: fiona.name }).count()).toBe(0);
    expect(await home.count()).toBe(SAMPLE_TESTIMONIALS.length);

    await go(page, mode, "/admin/testimonials");
    await card(page, fiona.name)
      .getByRole("link", { name: `Delete the testimonial from ${fiona.name}` })
      .click();
    dialog = page.getByRole("dialog", { name: "Delete testimonial" });
    await dialog.waitFor();
    expect(await dialog.getByText("Are you sure you want to delete this testimonial?", { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await backOnList(page);
    await expectToast(page, "Testimonial deleted successfully");
    expect(await page.getByTestId("testimonial-admin-card").count()).toBe(0);
    expect(await page.getByText("No testimonials yet").isVisible()).toBe(true);
    home = await homeTestimonials(page, mode);
    expect(await home.filter({ hasText: fiona.name }).count()).toBe(0);
    await page.context().close();
  });

  it("imports the built-in testimonials once: importing again still leaves three", async () => {
    const page = await openTestimonials(mode);
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByRole("button", { name: "Import Existing" }).click();
      await expectToast(page, "Existing testimonials imported successfully");
      await expect.poll(() => page.getByTestId("testimonial-admin-card").count()).toBe(3);
      if (mode.javaScriptEnabled) await page.getByRole("button", { name: "Dismiss notification" }).click();
      else await page.reload();
    }
    expect(await page.getByTestId("testimonial-admin-card").allTextContents()).toEqual(
      SAMPLE_TESTIMONIALS.map((sample) => expect.stringContaining(sample.name)),
    );
    expect(await server.db.selectFrom("testimonials").select("id").execute()).toHaveLength(3);
    await page.context().close();
  });

  it("shows markup typed into a testimonial as text on the home page, never running it", async () => {
    const page = await openTestimonials(mode);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const typed = `<script>alert("script")</script><img src="/nowhere.png" onerror="alert('img')"> Great service!`;
    await addTestimonial(page, { ...fiona, name: "Mallory <b>Bold</b>", content: typed });
    await backOnList(page);
    expect(await card(page, "Mallory").textContent()).toContain(typed);
    expect(await card(page, "Mallory").getByRole("heading").textContent()).toBe("Mallory <b>Bold</b>");

    const home = await homeTestimonials(page, mode);
    const shown = home.filter({ hasText: "Mallory" });
    expect(await shown.textContent()).toContain(`“${typed}”`);
    expect(await shown.locator("img, script, b").count()).toBe(0);
    // Nothing typed ran: no alert from the page, which has finished loading everything it asked for.
    await page.waitForLoadState("networkidle");
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it("lets a manager see the cards but not add, edit, delete or import", async () => {
    const admin = await openTestimonials(mode);
    await addTestimonial(admin, fiona);
    await backOnList(admin);
    await admin.context().close();

    const page = await openTestimonials(mode, MANAGER);
    expect(await card(page, fiona.name).isVisible()).toBe(true);
    expect(await card(page, fiona.name).getByText("Featured", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Import Existing" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Add Testimonial" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^(Edit|Delete) the testimonial/ }).count()).toBe(0);

    // Typing the address of a dialog does not get round it.
    await go(page, mode, "/admin/testimonials/new");
    expect(page.url()).toBe(`${server.url}/admin/dashboard`);
    await expectToast(page, "Access Denied");
    await page.context().close();
  });
});

describe("testimonials screen accessibility", () => {
  it("has no serious or critical problems on the list and in the add and delete dialogs", async () => {
    await server.db
      .insertInto("testimonials")
      .values({
        name: "Sarah Mitchell",
        company: "Mitchell & Co",
        position: "Practice Manager",
        content: "Great service.",
        rating: 4,
        featured: 1,
        date: "March 14, 2025",
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const [{ id }] = await server.db.selectFrom("testimonials").select("id").execute();
    const page = await openTestimonials(JS_MODES[1]);
    for (const path of ["/admin/testimonials", "/admin/testimonials/new", `/admin/testimonials/${id}/edit`, `/admin/testimonials/${id}/delete`]) {
      await go(page, JS_MODES[1], path);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
    await page.context().close();
  });
});
