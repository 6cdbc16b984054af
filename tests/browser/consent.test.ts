import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MARKETING_CONSENT } from "~/features/leads/consent";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useMailbox, useServerAndBrowser } from "../support/journey";

/** Consent and marketing (PECR) as a visitor meets it, with JavaScript off and on. */

const journey = useServerAndBrowser();

const wizard = (page: Page) => page.locator("#get-quote");
const question = (page: Page) => wizard(page).getByRole("heading", { level: 3 });

async function openWizard(mode: JsMode): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}/#get-quote`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

/** Steps 1 to 5's fields, up to the last step's button. */
async function reachLastStep(page: Page, email: string) {
  await wizard(page).getByRole("button", { name: "1 - 2" }).click();
  await expect.poll(() => question(page).textContent()).toBe("When does your current contract end?");
  await wizard(page).getByRole("button", { name: "Out of contract" }).click();
  await expect.poll(() => question(page).textContent()).toBe("What type of business do you run?");
  await wizard(page).getByRole("button", { name: "Sole trader" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Tell us about your business");
  await wizard(page).getByLabel("Business name").fill("Patel Plumbing");
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Where should we send your quote?");
  await wizard(page).getByLabel("First name").fill("Sam");
  await wizard(page).getByLabel("Last name").fill("Patel");
  await wizard(page).getByRole("textbox", { name: "Email" }).fill(email);
  await wizard(page).getByLabel("Phone").fill("07700 900123");
}

const consentOf = (email: string) =>
  journey.server.db.selectFrom("consentRecords").select(["wording", "wordingVersion", "page", "leadId"]).where("email", "=", email).execute();

describe.each(JS_MODES)("marketing consent $name", (mode) => {
  it("the wizard's last step has the consent box unticked; ticking it stores the consent with the lead", async () => {
    const page = await openWizard(mode);
    const email = `browser-consent-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    await reachLastStep(page, email);
    const box = wizard(page).getByLabel(MARKETING_CONSENT.wording);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-reference").waitFor();
    const lead = await journey.server.db.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await consentOf(email)).toEqual([{ wording: MARKETING_CONSENT.wording, wordingVersion: MARKETING_CONSENT.version, page: "/", leadId: lead.id }]);
    await page.context().close();
  });

  it("left unticked, stores the lead and no consent", async () => {
    const page = await openWizard(mode);
    const email = `browser-no-consent-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    await reachLastStep(page, email);
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-reference").waitFor();
    await journey.server.db.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await consentOf(email)).toEqual([]);
    await page.context().close();
  });
});

describe("newsletter double opt-in in the browser", () => {
  const mail = useMailbox();
  // No APP_URL: the link points at the site the visitor signed up on, this server.
  const site = useServerAndBrowser(() => ({ SMTP_URL: mail.mailbox.url }));

  it.each(JS_MODES)("signs up, confirms from the email, then unsubscribes from its other link $name", async (mode) => {
    const email = `reader-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    const page = await openPage(site.browser, mode);
    await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: site.server.url }]);
    await page.goto(`${site.server.url}/about#newsletter`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const form = page.getByRole("form", { name: "Newsletter sign-up" });
    expect(await form.textContent()).toContain("We'll email you to confirm");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Check your inbox").first().waitFor();

    await expect.poll(() => mail.mailbox.to(email).length).toBe(1);
    const link = mail.mailbox.to(email)[0]!.text.match(/http:\/\/\S+\/newsletter\/confirm\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    const status = () => site.server.db.selectFrom("newsletterSignups").select("confirmedAt").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await status()).confirmedAt).toBeNull();
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "You're subscribed" }).waitFor();
    expect((await status()).confirmedAt).not.toBeNull();

    // The email's unsubscribe link: its page changes nothing until the button is pressed.
    const unsubscribe = mail.mailbox.to(email)[0]!.text.match(/http:\/\/\S+\/unsubscribe\/[\w.-]+/)?.[0];
    expect(unsubscribe).toBeDefined();
    await page.goto(unsubscribe!);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const left = () => site.server.db.selectFrom("newsletterSignups").select("unsubscribedAt").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await left()).unsubscribedAt).toBeNull();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect((await left()).unsubscribedAt).not.toBeNull();
    await page.context().close();
  });
});

describe.each(JS_MODES)("cookie settings $name", (mode) => {
  it("are reached from the footer's link and changed there as easily as on the banner", async () => {
    const page = await openPage(journey.browser, mode);
    await page.context().addCookies([{ name: "cookie-consent", value: "accepted", url: journey.server.url }]);
    await page.goto(`${journey.server.url}/about`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await page.waitForURL(/\/cookies#settings$/);
    const choice = page.getByTestId("cookie-choice");
    await expect.poll(() => choice.textContent()).toContain("You accepted analytics cookies.");
    await page.getByRole("form", { name: "Cookie settings" }).getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => choice.textContent()).toContain("You declined analytics cookies.");
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "cookie-consent");
    expect(cookie?.value).toMatch(/^declined\./);
    await page.context().close();
  });
});
