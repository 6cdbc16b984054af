import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TariffSnapshot } from "~/features/tariffs/tariffs";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { useServerAndBrowser } from "../support/journey";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * The chosen deal from the comparison ("Get this deal" opens
 * `/business-mobile?...&tariff=<slug>#quote-step`) through the wizard to the
 * lead, and staff seeing it, with JavaScript off and on.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);

beforeAll(async () => {
  const admin = await staffClient(journey.server, "admin");
  await addTariffs(admin, [
    tariffInput(),
    tariffInput({ slug: "o2-business-10gb-12", network: "O2", name: "Business Plan 10GB", termMonths: 12, monthlyPriceExVatPence: 900, priceRises: [] }),
    tariffInput({ slug: "three-unlimited-24", network: "Three", name: "Unlimited Business", monthlyPriceExVatPence: 2000, multiLineDiscount: null }),
  ]);
});

const wizard = (page: Page) => page.locator("#get-quote");
const question = (page: Page) => wizard(page).getByRole("heading", { level: 3 });
const chosenDeal = (page: Page) => wizard(page).getByTestId("chosen-deal");

async function openChosenDeal(mode: JsMode): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}/business-mobile?lines=3&tariff=ee-business-30gb-24#quote-step`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

/** Every step after the team size, which the chosen deal's lines answer (the wizard opens at the contract question). */
async function answerEveryStep(page: Page, email: string) {
  await expect.poll(() => question(page).textContent()).toBe("When does your current contract end?");
  await wizard(page).getByRole("button", { name: "Under 3 months" }).click();
  await expect.poll(() => question(page).textContent()).toBe("What type of business do you run?");
  await wizard(page).getByRole("button", { name: "LTD company" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Tell us about your business");
  await wizard(page).getByLabel("Business name").fill("Deal Journey Ltd");
  // Enter in a field is the step's Next, never "Remove this deal".
  await wizard(page).getByLabel("Business name").press("Enter");
  await expect.poll(() => question(page).textContent()).toBe("Where should we send your quote?");
  await wizard(page).getByLabel("First name").fill("Sam");
  await wizard(page).getByLabel("Last name").fill("Patel");
  await wizard(page).getByRole("textbox", { name: "Email" }).fill(email);
  await wizard(page).getByLabel("Phone").fill("07700 900123");
}

/** From the contract question to the thank-you step, for a visitor already past the team size. */
async function finishFromContractStep(page: Page, businessName: string, email: string) {
  await wizard(page).getByRole("button", { name: "Under 3 months" }).click();
  await expect.poll(() => question(page).textContent()).toBe("What type of business do you run?");
  await wizard(page).getByRole("button", { name: "LTD company" }).click();
  await wizard(page).getByLabel("Business name").fill(businessName);
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Where should we send your quote?");
  await wizard(page).getByLabel("First name").fill("Sam");
  await wizard(page).getByLabel("Last name").fill("Patel");
  await wizard(page).getByRole("textbox", { name: "Email" }).fill(email);
  await wizard(page).getByLabel("Phone").fill("07700 900123");
  await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
  await page.getByTestId("quote-thank-you").waitFor();
}

async function storedTariff(email: string): Promise<TariffSnapshot | null> {
  const lead = await journey.server.db.selectFrom("leads").select("tariff").where("email", "=", email).executeTakeFirstOrThrow();
  return lead.tariff === null ? null : JSON.parse(lead.tariff);
}

describe.each(JS_MODES)("the chosen deal $name", (mode) => {
  const suffix = mode.javaScriptEnabled ? "js" : "nojs";

  it("goes with the visitor through every step to the lead, and the thank-you step shows it and the shortlist", async () => {
    const page = await openChosenDeal(mode);
    const email = `chosen-deal-${suffix}@example.co.uk`;
    expect(await chosenDeal(page).textContent()).toContain("Your chosen deal: EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT");
    await answerEveryStep(page, email);
    expect(await chosenDeal(page).textContent()).toContain("Your chosen deal: EE Business SIM 30GB, 3 lines");
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-thank-you").waitFor();

    const thankYou = page.getByTestId("thank-you-deals");
    expect(await thankYou.getByRole("heading", { name: "Your chosen deal" }).count()).toBe(1);
    const shortlist = await page.getByTestId("thank-you-shortlist").getByRole("listitem").allTextContents();
    expect(shortlist).toHaveLength(3);
    expect(shortlist[0]).toContain("O2 Business Plan 10GB");
    expect(shortlist.join(" ")).toContain("Three Unlimited Business");
    expect(await storedTariff(email)).toMatchObject({ slug: "ee-business-30gb-24", lines: 3, teamMonthlyExVatPence: 3360 });
    await page.context().close();
  });

  it("is chosen with Get this deal on the comparison, and the lead carries it", async () => {
    const page = await openPage(journey.browser, mode);
    await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
    await page.goto(`${journey.server.url}/business-mobile?lines=3#deals`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const email = `get-this-deal-${suffix}@example.co.uk`;
    await page.locator('[data-deal="three-unlimited-24"]').getByRole("link", { name: "Get this deal" }).click();
    await expect.poll(() => chosenDeal(page).textContent()).toContain("Your chosen deal: Three Unlimited Business, 3 lines, £60.00 a month ex VAT");
    await answerEveryStep(page, email);
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-thank-you").waitFor();
    expect(await storedTariff(email)).toMatchObject({ slug: "three-unlimited-24", lines: 3, teamMonthlyExVatPence: 6000 });
    await page.context().close();
  });

  it("can be removed, keeping the answers and the step, and the lead then has none", async () => {
    const page = await openChosenDeal(mode);
    const email = `removed-deal-${suffix}@example.co.uk`;
    await expect.poll(() => question(page).textContent()).toBe("When does your current contract end?");
    await wizard(page).getByRole("button", { name: "Remove this deal" }).click();
    await chosenDeal(page).waitFor({ state: "detached" });
    expect(await question(page).textContent()).toBe("When does your current contract end?");
    await finishFromContractStep(page, "No Deal Ltd", email);
    expect(await page.getByTestId("thank-you-shortlist").getByRole("listitem").count()).toBe(3);
    expect(await storedTariff(email)).toBeNull();
    await page.context().close();
  });

  it("is shown to staff on the lead's details, with the shortlist", async () => {
    const response = await publicClient(journey.server).postJson("/api/quote-requests", {
      ...SAMPLE_QUOTE,
      email: `staff-see-${suffix}@example.co.uk`,
      tariffSlug: "ee-business-30gb-24",
      lines: 3,
    });
    const { id } = await response.json();
    const page = await openPage(journey.browser, mode);
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/leads/${id}`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const deal = page.getByRole("dialog").getByTestId("lead-deal");
    const text = await deal.textContent();
    for (const shown of [
      "Chosen deal",
      "EE Business SIM 30GB",
      "£33.60 a month ex VAT (£40.32 inc VAT)",
      "24-month contract",
      "From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)",
      "1 Nov 2026",
    ]) {
      expect(text).toContain(shown);
    }
    expect(await deal.getByTestId("lead-shortlist").getByRole("listitem").count()).toBe(3);
    await page.context().close();
  });
});

// Only a page running the wizard's code can take a deal chosen after the wizard began without losing its step.
describe("the chosen deal with JavaScript, picked mid-wizard", () => {
  const mode = JS_MODES.find((candidate) => candidate.javaScriptEnabled)!;
  const suffix = "js";

  it("joins the answers when chosen after the visitor began the wizard", async () => {
    const page = await openPage(journey.browser, mode);
    await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
    await page.goto(`${journey.server.url}/business-mobile?lines=3#get-quote`);
    await waitForHydration(page);
    const email = `chosen-later-${suffix}@example.co.uk`;
    await wizard(page).getByRole("button", { name: "3 - 4" }).click();
    await expect.poll(() => question(page).textContent()).toBe("When does your current contract end?");
    await page.locator('[data-deal="o2-business-10gb-12"]').getByRole("link", { name: "Get this deal" }).click();
    await expect.poll(() => chosenDeal(page).count()).toBe(1);
    expect(await chosenDeal(page).textContent()).toContain("Your chosen deal: O2 Business Plan 10GB, 3 lines");
    // Still on the step the visitor had reached.
    expect(await question(page).textContent()).toBe("When does your current contract end?");
    await finishFromContractStep(page, "Later Deal Ltd", email);
    expect(await storedTariff(email)).toMatchObject({ slug: "o2-business-10gb-12", lines: 3 });
    await page.context().close();
  });
});
