import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";

/**
 * "Errors are found where they are": a refused form shows the GOV.UK error summary at its top, focused, each message a link to its field, and no error
 * toast over the form; with JavaScript off and on. The staff tariff editor and Add Admin User (dialogs), the customer's accept on their quote, and the quote
 * wizard.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);

beforeAll(async () => {
  await waitForAdminUser(journey.server.db, TEST_OWNER.email);
});

async function open(mode: JsMode, path: string, { staff = false } = {}): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  if (staff) await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
  // Consent already given, so the banner stays out of the way.
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
const isFocused = (element: Locator) => element.evaluate((node) => node === document.activeElement);
const onScreen = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/**
 * The summary of the refused form `form` as a person meets it: on screen and focused, before every field of the form, its heading (the spec's words where
 * it names them, else "There is a problem") and each of
 * `messages` as a link to a field marked invalid, and no toast. Its links, for clicking.
 */
async function expectSummary(page: Page, form: Locator, messages: string[], heading = "There is a problem"): Promise<Locator> {
  const summary = form.getByTestId("error-summary");
  await summary.waitFor();
  expect(await summary.getByRole("heading").textContent()).toBe(heading);
  await expect.poll(() => isFocused(summary)).toBe(true);
  await expect.poll(() => onScreen(summary)).toBe(true);
  const beforeEveryField = await form.evaluate((root) => {
    const summaryElement = root.querySelector("[data-testid='error-summary']")!;
    const controls = [...root.querySelectorAll("input:not([type='hidden']):not([tabindex='-1']), select, textarea")];
    return controls.length > 0 && controls.every((control) => summaryElement.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(beforeEveryField).toBe(true);
  const links = summary.getByRole("link");
  expect(await links.allTextContents()).toEqual(messages);
  for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!))) {
    expect(href).toMatch(/^#[\w-]+$/);
    const control = page.locator(href);
    expect(await control.count(), href).toBe(1);
    expect(await control.getAttribute("aria-invalid"), href).toBe("true");
  }
  expect(await page.getByTestId("toast").count()).toBe(0);
  return links;
}

/** A link of the summary takes the person to its field: the field has focus and is on screen. */
async function followLink(page: Page, link: Locator) {
  const target = (await link.getAttribute("href"))!.slice(1);
  await link.click();
  await expect.poll(() => focusedId(page)).toBe(target);
  await expect.poll(() => onScreen(page.locator(`#${target}`))).toBe(true);
}

describe.each(JS_MODES)("error summary $name", (mode) => {
  it("tops the refused tariff editor, under the dialog's title, and takes focus again at each refusal", async () => {
    const page = await open(mode, "/admin/tariffs/new", { staff: true });
    const dialog = page.getByRole("dialog", { name: "Add Tariff" });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Business Unlimited");
    await dialog.getByRole("textbox", { name: "Slug", exact: true }).fill("Vodafone Unlimited");
    await dialog.getByRole("textbox", { name: "Monthly price ex VAT (£)", exact: true }).fill("21.999");
    await dialog.getByRole("button", { name: "Add Tariff" }).click();

    const messages = [
      "Use lower-case letters, digits and single hyphens in the slug",
      "Choose a network: EE, O2, Vodafone, Three",
      "Enter the monthly price in pounds and pence, like 12.50",
      "Enter the data in GB, or tick Unlimited",
    ];
    const links = await expectSummary(page, dialog.locator("form"), messages);
    // The dialog's top is in view: its title above the summary.
    await expect.poll(() => onScreen(dialog.getByRole("heading", { name: "Add Tariff" }))).toBe(true);
    expect(await dialog.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Business Unlimited");

    await followLink(page, links.nth(2));
    expect(await focusedId(page)).toBe("tariff-monthly-price");

    // The same mistakes sent again: a new answer, and focus is on the summary again.
    await dialog.getByRole("button", { name: "Add Tariff" }).click();
    await expectSummary(page, dialog.locator("form"), messages);
    await page.context().close();
  });

  it("tops the refused Add Admin User dialog", async () => {
    const page = await open(mode, "/admin/users/new", { staff: true });
    const dialog = page.getByRole("dialog", { name: "Add Admin User" });
    await dialog.getByRole("textbox", { name: "Email" }).fill(`summary-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`);
    // Spaces pass the browser's own check but are not a name.
    await dialog.getByRole("textbox", { name: "First Name" }).fill("  ");
    await dialog.getByRole("textbox", { name: "Last Name" }).fill("  ");
    await dialog.getByRole("button", { name: "Create User" }).click();

    // Headed by the spec's words for the dialog (SPEC section 5: "Validation Error" / "Please fill in all required fields").
    const links = await expectSummary(page, dialog.locator("form"), ["Please enter a first name", "Please enter a last name"], "Validation Error");
    expect(await dialog.getByTestId("error-summary").textContent()).toContain("Please fill in all required fields");
    await expect.poll(() => onScreen(dialog.getByRole("heading", { name: "Add Admin User" }))).toBe(true);
    await followLink(page, links.nth(1));
    await page.context().close();
  });

  it("tops the customer's refused accept, and only that form", async () => {
    const lead = await seedQuoteLead(journey.server.db, { businessName: `Summary Plumbing ${mode.javaScriptEnabled ? "JS" : "no JS"}` });
    const quoteId = await seedQuote(journey.server.db, { leadId: lead.id, status: "sent" });
    const { token } = await journey.server.db.selectFrom("quotes").select("token").where("id", "=", quoteId).executeTakeFirstOrThrow();
    const page = await open(mode, `/quote/${token}`);
    const accept = page.getByRole("form", { name: "Accept this quote" });
    await accept.getByRole("textbox", { name: "Full name" }).fill("  ");
    await accept.getByRole("textbox", { name: "Your role" }).fill("  ");
    await accept.getByRole("checkbox").check();
    await accept.getByRole("button", { name: "Accept quote" }).click();

    const links = await expectSummary(page, accept, ["Please enter your full name", "Please enter your role in the business"], "Missing Information");
    expect(await page.getByRole("form", { name: "Decline this quote" }).getByTestId("error-summary").count()).toBe(0);
    await followLink(page, links.first());
    // Opened, not accepted.
    const { status } = await journey.server.db.selectFrom("quotes").select("status").where("id", "=", quoteId).executeTakeFirstOrThrow();
    expect(status).toBe("viewed");
    await page.context().close();
  });

  it("tops the wizard's refused step, which stays the step the visitor is on", async () => {
    const page = await open(mode, "/#get-quote");
    const wizard = page.locator("#get-quote");
    await wizard.getByRole("button", { name: "1 - 2" }).click();
    await wizard.getByRole("button", { name: "Out of contract" }).click();
    await wizard.getByRole("button", { name: "Sole trader" }).click();
    await wizard.getByRole("textbox", { name: "Business name" }).fill("   ");
    await wizard.getByRole("button", { name: "Next" }).click();

    // Headed by the spec's words for an empty required answer (SPEC section 4: "Missing Information").
    const links = await expectSummary(page, wizard, ["Please enter your business name"], "Missing Information");
    expect(await wizard.getByTestId("error-summary").textContent()).toContain("Please fill in all required fields.");
    expect(await wizard.getByRole("heading", { level: 3 }).textContent()).toBe("Tell us about your business");
    await followLink(page, links.first());

    await wizard.getByRole("textbox", { name: "Business name" }).fill("Bloom Floral Studio");
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => wizard.getByRole("heading", { level: 3 }).textContent()).toBe("Where should we send your quote?");
    expect(await wizard.getByTestId("error-summary").count()).toBe(0);
    await page.context().close();
  });
});
