import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { startTestServer, type TestServer } from "../support/server";

const journey = useServerAndBrowser();

const NEWSLETTER_PAGES = ["/about", "/testimonials"] as const;

let visitorCount = 0;
/** A different visitor's details each time, so each test finds its own rows. */
function newEnquiry() {
  visitorCount += 1;
  return {
    firstName: "Sam",
    lastName: `Patel ${visitorCount}`,
    email: `sam.patel.${visitorCount}.${Date.now()}@patelplumbing.co.uk`,
    contactNumber: "07700 900123",
    subject: "broadband",
    subjectLabel: "Broadband",
    message: "We need faster broadband for our office in Leeds, for a team of six.",
  };
}
type Enquiry = ReturnType<typeof newEnquiry>;

async function visit(target: TestServer, mode: JsMode, path: string, options: BrowserContextOptions = {}): Promise<Page> {
  // A returning visitor who already answered the cookie banner, so it never covers the forms.
  const page = await openPage(journey.browser, mode, options);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: target.url }]);
  await page.goto(`${target.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const contactForm = (page: Page) => page.getByRole("form", { name: "Send us an enquiry" });
const newsletterForm = (page: Page) => page.getByRole("form", { name: "Newsletter sign-up" });
const toast = (page: Page) => page.getByTestId("toast");

async function fillEnquiry(form: Locator, enquiry: Enquiry) {
  await form.getByLabel("First Name").fill(enquiry.firstName);
  await form.getByLabel("Last Name").fill(enquiry.lastName);
  await form.getByLabel("Email").fill(enquiry.email);
  await form.getByLabel("Contact Number").fill(enquiry.contactNumber);
  await form.getByLabel("Subject").selectOption({ label: enquiry.subjectLabel });
  await form.getByLabel("Message").fill(enquiry.message);
}

const EMPTY_ENQUIRY = { firstName: "", lastName: "", email: "", contactNumber: "", subject: "", message: "" };

async function enquiryValues(form: Locator) {
  return {
    firstName: await form.getByLabel("First Name").inputValue(),
    lastName: await form.getByLabel("Last Name").inputValue(),
    email: await form.getByLabel("Email").inputValue(),
    contactNumber: await form.getByLabel("Contact Number").inputValue(),
    subject: await form.getByLabel("Subject").inputValue(),
    message: await form.getByLabel("Message").inputValue(),
  };
}

/**
 * Scrolls the submit button to the middle of the screen, as a visitor would before clicking it,
 * marks the window and returns the scroll position: afterwards these tell that the page neither
 * reloaded nor jumped away from the form.
 */
async function readyToSubmit(page: Page, button: Locator): Promise<number> {
  await button.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  await page.evaluate(() => {
    (window as unknown as { __beforeSubmit?: string }).__beforeSubmit = "still here";
  });
  return page.evaluate(() => window.scrollY);
}

async function expectSamePageNearForm(page: Page, form: Locator, scrollBefore: number) {
  expect(await page.evaluate(() => (window as unknown as { __beforeSubmit?: string }).__beforeSubmit)).toBe("still here");
  expect(scrollBefore).toBeGreaterThan(0);
  await expectInView(page, form);
  const scrollAfter = await page.evaluate(() => window.scrollY);
  expect(Math.abs(scrollAfter - scrollBefore), `scrolled from ${scrollBefore} to ${scrollAfter}`).toBeLessThan(page.viewportSize()!.height);
}

/** Some of the element is on screen, once any scrolling has finished. */
async function expectInView(page: Page, element: Locator) {
  const viewportHeight = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const box = (await element.boundingBox())!;
      return box.y < viewportHeight && box.y + box.height > 0 ? "in view" : `at ${Math.round(box.y)}px`;
    })
    .toBe("in view");
}

/** The message shown under a field, as assistive technology reads it with the field. */
async function fieldError(field: Locator): Promise<string | null> {
  if ((await field.getAttribute("aria-invalid")) !== "true") return null;
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  return field.page().evaluate(
    (ids) =>
      ids
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim(),
    describedBy.split(/\s+/).filter(Boolean),
  );
}

interface ToastWatch {
  __toastLifetime: { shown: number; removed: number };
}

/** Records, by the page's clock, when the next toast is put on screen and when it is taken off. */
async function recordToastLifetime(page: Page) {
  await page.evaluate(() => {
    const watch = window as unknown as { __toastLifetime: { shown?: number; removed?: number } };
    watch.__toastLifetime = {};
    new MutationObserver(() => {
      const onScreen = document.querySelector('[data-testid="toast"]') !== null;
      const lifetime = watch.__toastLifetime;
      if (onScreen && lifetime.shown === undefined) lifetime.shown = performance.now();
      if (!onScreen && lifetime.shown !== undefined && lifetime.removed === undefined) lifetime.removed = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Waits for the toast of this kind and title (a previous toast may still be on screen when a new one is due). */
async function expectToast(page: Page, kind: "success" | "destructive", title: string) {
  const shown = toast(page);
  await expect
    .poll(async () => ((await shown.isVisible()) ? `${await shown.getAttribute("data-kind")}: ${await shown.innerText()}` : "no toast"))
    .toMatch(new RegExp(`^${kind}: ${title}`));
}

/** A refused form's error summary, at its top and focused, lists `messages` as links to their fields; no toast covers the form. */
async function expectErrorSummary(page: Page, form: Locator, messages: string[]) {
  const summary = form.getByTestId("error-summary");
  await expect.poll(() => summary.getByRole("link").allTextContents()).toEqual(messages);
  await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await toast(page).count()).toBe(0);
}

const enquiriesFrom = (target: TestServer, email: string) => target.db.selectFrom("contactEnquiries").selectAll().where("email", "=", email).execute();
const signupsFrom = (email: string) => journey.server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", email).execute();

describe.each(JS_MODES)("public forms $name", (mode) => {
  it("sends a contact enquiry: success toast, an empty form and the enquiry stored", async () => {
    const page = await visit(journey.server, mode, "/contact");
    const form = contactForm(page);
    const enquiry = newEnquiry();
    await fillEnquiry(form, enquiry);
    const send = form.getByRole("button", { name: "Send Message" });
    const scrollBefore = await readyToSubmit(page, send);

    await send.click();
    await expectToast(page, "success", "Message sent");
    await expect.poll(() => enquiryValues(form)).toEqual(EMPTY_ENQUIRY);
    if (mode.javaScriptEnabled) await expectSamePageNearForm(page, form, scrollBefore);
    else await expectInView(page, form);

    const rows = await enquiriesFrom(journey.server, enquiry.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      contactNumber: enquiry.contactNumber,
      subject: enquiry.subject,
      message: enquiry.message,
    });
    await page.context().close();
  });

  it("refuses a contact number the browser let through: message by the field, answers kept, nothing stored", async () => {
    const page = await visit(journey.server, mode, "/contact");
    const form = contactForm(page);
    const enquiry = { ...newEnquiry(), contactNumber: "call me" };
    await fillEnquiry(form, enquiry);
    const send = form.getByRole("button", { name: "Send Message" });
    const scrollBefore = await readyToSubmit(page, send);

    await send.click();
    await expectErrorSummary(page, form, ["Please enter a valid phone number, like 07700 900123"]);
    await expect.poll(() => fieldError(form.getByLabel("Contact Number"))).toBe("Please enter a valid phone number, like 07700 900123");
    expect(await fieldError(form.getByLabel("Email"))).toBeNull();
    expect(await enquiryValues(form)).toEqual({
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      email: enquiry.email,
      contactNumber: "call me",
      subject: enquiry.subject,
      message: enquiry.message,
    });
    if (mode.javaScriptEnabled) await expectSamePageNearForm(page, form, scrollBefore);
    else await expectInView(page, form);
    expect(await enquiriesFrom(journey.server, enquiry.email)).toHaveLength(0);

    // The corrected enquiry goes through from the same form.
    await form.getByLabel("Contact Number").fill("0113 496 0999");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => enquiriesFrom(journey.server, enquiry.email).then((rows) => rows.length)).toBe(1);
    await expectToast(page, "success", "Message sent");
    await expect.poll(() => fieldError(form.getByLabel("Contact Number"))).toBeNull();
    await expect.poll(() => enquiryValues(form)).toEqual(EMPTY_ENQUIRY);
    await page.context().close();
  });

  it.each(NEWSLETTER_PAGES)("signs up to the newsletter on %s: success toast, an empty form and the sign-up stored", async (path) => {
    const page = await visit(journey.server, mode, path);
    const form = newsletterForm(page);
    const email = newEnquiry().email;
    await form.getByLabel("First name").fill("Priya");
    await form.getByLabel("Last name").fill("Shah");
    await form.getByLabel("Email").fill(email);
    const subscribe = form.getByRole("button", { name: "Subscribe" });
    const scrollBefore = await readyToSubmit(page, subscribe);

    await subscribe.click();
    await expectToast(page, "success", "Check your inbox");
    for (const label of ["First name", "Last name", "Email"]) {
      await expect.poll(() => form.getByLabel(label).inputValue()).toBe("");
    }
    if (mode.javaScriptEnabled) await expectSamePageNearForm(page, form, scrollBefore);
    else await expectInView(page, form);
    expect(page.url()).toContain(path);

    const rows = await signupsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Priya", lastName: "Shah", sourcePage: path });
    await page.context().close();
  });

  it.each(NEWSLETTER_PAGES)("asks for the email left empty on %s's newsletter form, keeping the names", async (path) => {
    const page = await visit(journey.server, mode, path);
    const form = newsletterForm(page);
    const before = await journey.server.db
      .selectFrom("newsletterSignups")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    await form.getByLabel("First name").fill("Priya");
    await form.getByLabel("Last name").fill("Shah");
    const subscribe = form.getByRole("button", { name: "Subscribe" });
    const scrollBefore = await readyToSubmit(page, subscribe);

    await subscribe.click();
    await expectErrorSummary(page, form, ["Please enter your email address"]);
    await expect.poll(() => fieldError(form.getByLabel("Email"))).toBe("Please enter your email address");
    expect(await form.getByLabel("First name").inputValue()).toBe("Priya");
    expect(await form.getByLabel("Last name").inputValue()).toBe("Shah");
    if (mode.javaScriptEnabled) await expectSamePageNearForm(page, form, scrollBefore);
    else await expectInView(page, form);

    const after = await journey.server.db
      .selectFrom("newsletterSignups")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);

    // With the email added the same form signs up, and the message and the names clear.
    const email = newEnquiry().email;
    await form.getByLabel("Email").fill(email);
    await subscribe.click();
    await expect.poll(() => signupsFrom(email).then((rows) => rows.length)).toBe(1);
    await expectToast(page, "success", "Check your inbox");
    await expect.poll(() => fieldError(form.getByLabel("Email"))).toBeNull();
    for (const label of ["First name", "Last name", "Email"]) {
      await expect.poll(() => form.getByLabel(label).inputValue()).toBe("");
    }
    await page.context().close();
  });

  it(mode.javaScriptEnabled ? "closes the toast by itself after about 5 seconds" : "keeps the toast until the visitor dismisses it", async () => {
    const page = await visit(journey.server, mode, "/contact");
    if (mode.javaScriptEnabled) await recordToastLifetime(page);
    const form = contactForm(page);
    await fillEnquiry(form, newEnquiry());
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "success", "Message sent");

    if (mode.javaScriptEnabled) {
      await toast(page).waitFor({ state: "detached" });
      // Timed by the page's own clock, from the moment it was put on screen to its removal.
      const lifetime = await page.evaluate(() => (window as unknown as ToastWatch).__toastLifetime);
      expect(lifetime.removed - lifetime.shown).toBeGreaterThanOrEqual(4990);
    } else {
      // Nothing can change on a page without scripts, so there is no event to wait for: just wait.
      await page.waitForTimeout(6000);
      expect(await toast(page).isVisible()).toBe(true);
      await toast(page).locator("label", { hasText: "Dismiss notification" }).click();
      await toast(page).waitFor({ state: "hidden" });
    }
    await page.context().close();
  });

  it("shows a form's errors and its error summary without serious or critical axe violations", async () => {
    // axe needs scripts in the page. For the visitor without JavaScript, scripts stay on but the
    // app's own bundles are refused: nothing hydrates, so the page is the server-rendered one they get.
    const page = await openPage(journey.browser, JS_MODES[1], { viewport: { width: 390, height: 844 } });
    if (!mode.javaScriptEnabled) await page.route(`${journey.server.url}/build/**`, (route) => route.abort());
    await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
    await page.goto(`${journey.server.url}/contact`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    else expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);

    const form = contactForm(page);
    // Spaces get past the browser's required check; the server finds the name missing.
    await fillEnquiry(form, { ...newEnquiry(), firstName: "   " });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectErrorSummary(page, form, ["Please enter your first name"]);
    await expect.poll(() => fieldError(form.getByLabel("First Name"))).toBe("Please enter your first name");
    const violations = await seriousAccessibilityViolations(page);
    expect(
      violations,
      violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes)}`).join("\n"),
    ).toEqual([]);
    await page.context().close();
  });
});

describe("rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    // One submission per visitor; behind a trusted proxy each browser context below is its own visitor.
    limited = await startTestServer({ TRUST_PROXY: "true" }, { tuning: { rateLimitMax: 1 } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it.each(JS_MODES.map((mode, index) => [mode.name, mode, `203.0.113.${index + 10}`] as const))(
    "refuses a second contact enquiry %s with Too many attempts and stores nothing",
    async (_name, mode, address) => {
      const page = await visit(limited, mode, "/contact", { extraHTTPHeaders: { "Fly-Client-IP": address } });
      const form = contactForm(page);
      const first = newEnquiry();
      await fillEnquiry(form, first);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "success", "Message sent");
      expect(await enquiriesFrom(limited, first.email)).toHaveLength(1);

      const second = newEnquiry();
      await expect.poll(() => form.getByLabel("Email").inputValue()).toBe("");
      await fillEnquiry(form, second);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "destructive", "Too many attempts");
      expect(await form.getByLabel("Email").inputValue()).toBe(second.email);
      expect(await enquiriesFrom(limited, second.email)).toHaveLength(0);
      await page.context().close();
    },
  );
});
