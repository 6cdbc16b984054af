import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, smallTargets, waitForHydration, watchProblems, type JsMode } from "../support/browser";
import { publicClient, staffClient, type StaffClient } from "../support/client";
import { acceptOrderQuote, ORDER_TARIFFS, sentOrderQuote } from "../support/customer-orders";
import { useMailbox, useServerAndBrowser } from "../support/journey";
import { ukDayFromNow } from "../support/seeded-quotes";
import { addTariffs } from "../support/tariffs";

/**
 * The customer completes the order of their accepted quote in Chromium: JavaScript off on a desktop, on at 390 px. An order of 7 lines (3 keeping their
 * numbers, 4 new): part saved, the page left, the link opened again later to find it, a submission refused while incomplete, then completed and submitted,
 * and the quote's page showing the progress with PAC endings only.
 */

const APP_URL = "https://clearline.example.co.uk";

const mail = useMailbox();
const journey = useServerAndBrowser(() => ({ ...TEST_OWNER_ENV, SMTP_URL: mail.mailbox.url, APP_URL }));
let manager: StaffClient;

beforeAll(async () => {
  manager = await staffClient(journey.server, "manager");
  await addTariffs(await staffClient(journey.server, "admin"), ORDER_TARIFFS);
});

const VIEWPORTS: Record<JsMode["name"], { width: number; height: number }> = {
  "without JavaScript": { width: 1280, height: 900 },
  "with JavaScript": { width: 390, height: 844 },
};

async function open(page: Page, mode: JsMode, url: string) {
  await page.goto(url);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

const line = (page: Page, position: number) => page.locator(`[data-order-line="${position}"]`);

async function keepNumber(card: Locator, position: number) {
  await card.getByLabel("User's name").fill(`Kept User ${position}`);
  await card.getByLabel("Keep a number").check();
  await card.getByLabel("Mobile number").fill(`07700 90012${position}`);
  await card.getByLabel("PAC", { exact: true }).fill(`abc12345${position}`);
  await card.getByLabel("PAC issued on").fill(ukDayFromNow(-3));
  await card.getByLabel("SIM", { exact: true }).check();
}

async function newNumber(card: Locator, position: number) {
  await card.getByLabel("User's name").fill(`New User ${position}`);
  await card.getByLabel("New number").check();
  await card.getByLabel("eSIM").check();
}

/** Saves a section and waits for what it saved to be in the database (a state, not a time). */
async function saveSection(page: Page, button: string, saved: () => Promise<boolean>) {
  await page.getByRole("button", { name: button }).click();
  await expect.poll(saved).toBe(true);
  await expect.poll(() => page.getByRole("button", { name: button }).isEnabled()).toBe(true);
}

async function fits(page: Page, mode: JsMode) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS[mode.name].width);
  expect(await smallTargets(page)).toEqual([]);
}

describe.each(JS_MODES)("the customer's order $name", (mode) => {
  it("completes an order of 7 lines over two visits, refused while incomplete, then shows its progress with PAC endings only", async () => {
    const { quote, path } = await sentOrderQuote(journey.server, manager);
    await acceptOrderQuote(publicClient(journey.server), path);
    const order = () => journey.server.db.selectFrom("orders").selectAll().where("quoteId", "=", quote.id).executeTakeFirstOrThrow();
    const lines = async () =>
      journey.server.db
        .selectFrom("orderLines")
        .selectAll()
        .where("orderId", "=", (await order()).id)
        .orderBy("position")
        .execute();
    const url = `${journey.server.url}${path}`;
    const billingEmail = `accounts-${mode.javaScriptEnabled ? "js" : "plain"}@patel-plumbing.example.co.uk`;

    const page = await openPage(journey.browser, mode, { viewport: VIEWPORTS[mode.name] });
    const problems = watchProblems(page);
    await open(page, mode, url);
    await page.getByRole("link", { name: "Complete your order" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Complete your order");
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await fits(page, mode);

    // The first visit: every line, and the business.
    for (const position of [1, 2, 3]) await keepNumber(line(page, position), position);
    for (const position of [4, 5, 6, 7]) await newNumber(line(page, position), position);
    await saveSection(page, "Save lines", async () => (await lines()).every((row) => row.userName !== null));
    await page.getByLabel("Kind of business").selectOption("limited_company");
    await page.getByLabel("Company number").fill("1234567");
    await page.getByLabel("Business name").fill("Patel Plumbing Ltd");
    await saveSection(page, "Save business details", async () => (await order()).companyNumber === "01234567");
    await page.close();

    // Later, from the same link: what was saved is there; submitting now says what is missing.
    const later = await openPage(journey.browser, mode, { viewport: VIEWPORTS[mode.name] });
    const laterProblems = watchProblems(later);
    await open(later, mode, `${url}/order`);
    expect(await line(later, 2).getByLabel("PAC", { exact: true }).inputValue()).toBe("ABC123452");
    expect(await line(later, 5).getByLabel("New number").isChecked()).toBe(true);
    expect(await later.getByLabel("Business name").inputValue()).toBe("Patel Plumbing Ltd");
    await later.getByRole("button", { name: "Submit order" }).click();
    const summary = later.getByTestId("error-summary");
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toContain("Please enter the first line of the delivery address");
    expect(await summary.textContent()).toContain("Please enter the earliest connection date");
    expect((await order()).status).toBe("awaiting_details");

    await later.getByLabel("For the attention of").fill("Sam Patel");
    await later.getByLabel("Address line 1").fill("1 High Street");
    await later.getByLabel("Town or city").fill("Leeds");
    await later.getByLabel("Postcode").fill("ls1 1aa");
    await saveSection(later, "Save delivery address", async () => (await order()).deliveryPostcode === "LS1 1AA");
    await later.getByLabel("Billing email").fill(billingEmail);
    await later.getByLabel("Earliest connection date").fill(ukDayFromNow(7));
    await saveSection(later, "Save billing and connection", async () => (await order()).earliestConnectionDate === ukDayFromNow(7));
    await later.getByRole("button", { name: "Submit order" }).click();

    // The quote's page: the order's progress, each line with its number and only its PAC's ending.
    await expect.poll(() => later.locator("[data-order-progress]").isVisible()).toBe(true);
    expect(later.url()).toBe(url);
    expect(await later.locator("[data-order-status]").textContent()).toBe("Details received");
    const shown = await later
      .locator("[data-order-progress-line]")
      .evaluateAll((rows) => rows.map((row) => row.querySelector("[data-line-number]")!.textContent));
    expect(shown).toEqual(["07700 900121 (PAC ending 451)", "07700 900122 (PAC ending 452)", "07700 900123 (PAC ending 453)", ...Array(4).fill("New number")]);
    expect(await later.locator("body").textContent()).not.toContain("ABC12345");
    expect(await later.getByRole("link", { name: "Complete your order" }).count()).toBe(0);
    await fits(later, mode);
    expect((await order()).status).toBe("details_received");
    await expect.poll(() => mail.mailbox.to(billingEmail).filter((email) => email.subject.endsWith("details received")).length).toBe(1);
    expect(problems).toEqual([]);
    // The refused submission's 400, as the browser logs it, and nothing else.
    expect(laterProblems).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
  });
});
