import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VISIT_LANDING_KEY } from "~/platform/site-cookies";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

/**
 * Where a lead came from (issue 41), as a visitor makes it: land with UTM on one page, browse, send the wizard from another. With JavaScript, consent given
 * then taken back on one page (the first at 390 px, with the lead checked on the staff's details page); without JavaScript, the form page's own UTM. The
 * Sources screen then counts the leads and the visits that reached the comparison.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const CAMPAIGN = "utm_source=Google&utm_medium=cpc&utm_campaign=Spring";

const wizard = (page: Page) => page.locator("#get-quote");
const question = (page: Page) => wizard(page).getByRole("heading", { level: 3 });

/** The step's question shown, and (without JavaScript, each step a page) the page loaded, so a click is not lost to its scroll to the wizard. */
async function reachStep(page: Page, text: string) {
  await expect.poll(() => question(page).textContent()).toBe(text);
  await page.waitForLoadState("load");
}

/** The wizard on the page, answered and sent. */
async function sendWizard(page: Page, email: string) {
  await wizard(page).getByRole("button", { name: "1 - 2" }).click();
  await reachStep(page, "When does your current contract end?");
  await wizard(page).getByRole("button", { name: "Out of contract" }).click();
  await reachStep(page, "What type of business do you run?");
  await wizard(page).getByRole("button", { name: "Sole trader" }).click();
  await reachStep(page, "Tell us about your business");
  await wizard(page).getByLabel("Business name").fill("Campaign Bakery");
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await reachStep(page, "Where should we send your quote?");
  await wizard(page).getByLabel("First name").fill("Cam");
  await wizard(page).getByLabel("Last name").fill("Paign");
  await wizard(page).getByRole("textbox", { name: "Email" }).fill(email);
  await wizard(page).getByLabel("Phone").fill("07700 900123");
  await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
  await page.getByTestId("quote-reference").waitFor();
}

const leadOf = (email: string) =>
  journey.server.db
    .selectFrom("leads")
    .select(["id", "source", "medium", "campaign", "term", "content", "referrerDomain", "landingPath", "formPath"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();

/** A campaign's row on the Sources screen for today (grouped by campaign): its visits and its leads (with their conversion from visits). Visits are written a moment after they arrive, so callers ask again until they are in. */
async function campaignRow(page: Page, name: string) {
  await page.goto(`${journey.server.url}/admin/reports/sources?group=campaign`);
  const cells = await page
    .getByTestId("sources-row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) })
    .locator("td")
    .allInnerTexts();
  return cells.slice(1, 3).map((text) => text.replace(/\s+/g, " ").trim());
}

const visitLanding = (page: Page) => page.evaluate((key) => window.sessionStorage.getItem(key), VISIT_LANDING_KEY);
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("where a lead came from", () => {
  it("with JavaScript: consent given keeps the landing for the visit; taken back, nothing is kept and the form page's own UTM and referrer are sent", async () => {
    const page = await openPage(journey.browser, JS_MODES[1], { viewport: PHONE });
    await page.goto(`${journey.server.url}/?${CAMPAIGN}`, { referer: "https://www.google.com/" });
    await waitForHydration(page);
    expect(await visitLanding(page)).toBeNull();
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Accept All" }).click();
    await expect
      .poll(async () => JSON.parse((await visitLanding(page)) ?? "null"))
      .toEqual({ landingPath: "/", utm: "utm_source=Google&utm_medium=cpc&utm_campaign=Spring", referrer: "www.google.com" });

    // Browse on, and send the wizard from another page.
    await page.goto(`${journey.server.url}/business-mobile`);
    await waitForHydration(page);
    const consenting = "landing@attribution.example";
    await sendWizard(page, consenting);
    const lead = await leadOf(consenting);
    expect(lead).toMatchObject({
      source: "google",
      medium: "cpc",
      campaign: "spring",
      term: null,
      content: null,
      referrerDomain: "google.com",
      landingPath: "/",
      formPath: "/business-mobile",
    });

    // Staff see it on the lead's details, on the phone too.
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    await page.getByRole("heading", { name: "Where it came from" }).waitFor();
    expect(await page.getByTestId("lead-attribution-campaign").textContent()).toBe("spring");
    expect(await page.getByTestId("lead-attribution-landingPath").textContent()).toBe("/");
    expect(await page.getByTestId("lead-attribution-formPath").textContent()).toBe("/business-mobile");
    expect(await page.getByTestId("lead-attribution-term").textContent()).toBe("Not recorded");
    expect(await scrollsSideways(page)).toBe(false);

    // Consent taken back (on a desktop now): what was kept goes, and only the form page's own values are sent.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${journey.server.url}/cookies#settings`);
    await waitForHydration(page);
    await page.getByRole("form", { name: "Cookie settings" }).getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => visitLanding(page)).toBeNull();
    await page.goto(`${journey.server.url}/business-mobile?utm_source=Bing&utm_medium=referral`, { referer: "https://news.example.org/story" });
    await waitForHydration(page);
    const declining = "declined@attribution.example";
    await sendWizard(page, declining);
    expect(await visitLanding(page)).toBeNull();
    expect(await leadOf(declining)).toMatchObject({
      source: "bing",
      medium: "referral",
      campaign: null,
      referrerDomain: "news.example.org",
      landingPath: null,
      formPath: "/business-mobile",
    });

    // The report counts both leads by what they carry; the visits by what each request showed: the first reached the comparison without UTM.
    await expect.poll(() => campaignRow(page, "spring")).toEqual(["0", "1"]);
    await expect.poll(() => campaignRow(page, "Not recorded")).toEqual(["2", "1 50% of visits"]);
    await page.context().close();
  });

  it("with JavaScript: consent given on the page the visit landed on, and the form sent there, records that landing", async () => {
    const page = await openPage(journey.browser, JS_MODES[1], { viewport: DESKTOP });
    await page.goto(`${journey.server.url}/business-mobile?utm_source=Partner&utm_medium=referral&utm_campaign=Launch`, {
      referer: "https://partner.example.org/offers",
    });
    await waitForHydration(page);
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => visitLanding(page)).not.toBeNull();
    const email = "same-page@attribution.example";
    await sendWizard(page, email);
    expect(await leadOf(email)).toMatchObject({
      source: "partner",
      medium: "referral",
      campaign: "launch",
      referrerDomain: "partner.example.org",
      landingPath: "/business-mobile",
      formPath: "/business-mobile",
    });
    await page.context().close();
  });

  it("without JavaScript: the form page's UTM, read from its address as the steps are posted", async () => {
    const page = await openPage(journey.browser, JS_MODES[0], { viewport: DESKTOP });
    await page.goto(`${journey.server.url}/?utm_source=Newsletter`);
    await page.goto(`${journey.server.url}/business-mobile?utm_source=Google&utm_medium=cpc&utm_campaign=Autumn`);
    const email = "no-script@attribution.example";
    await sendWizard(page, email);
    expect(await leadOf(email)).toMatchObject({
      source: "google",
      medium: "cpc",
      campaign: "autumn",
      referrerDomain: null,
      landingPath: null,
      formPath: "/business-mobile",
    });
    // The report counts the visit and the lead under the campaign; the wizard's steps posted to the comparison are not visits.
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await expect.poll(() => campaignRow(page, "autumn")).toEqual(["1", "1 100% of visits"]);
    await page.context().close();
  });
});
