import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_REFERENCE_PATTERN } from "~/features/leads/lead-reference";
import { isSameDocument, JS_MODES, markDocument, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { refuseWrites } from "../support/database";

const journey = useServerAndBrowser();

const wizard = (page: Page) => page.locator("#get-quote");
const question = (page: Page) => wizard(page).getByRole("heading", { level: 3 });
const progress = (page: Page) => wizard(page).getByRole("progressbar");

async function openWizard(mode: JsMode, path = "/"): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  // Consent already given, so the banner stays out of the way.
  await page.context().addCookies([{ name: "cookie-consent", value: "declined", url: journey.server.url }]);
  await page.goto(`${journey.server.url}${path}#get-quote`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

/** Steps 1 to 4: three choices, then business name and postcode. */
async function answerFirstFourSteps(page: Page, businessName = "Patel Plumbing Ltd") {
  await wizard(page).getByRole("button", { name: "5 - 9" }).click();
  await expect.poll(() => question(page).textContent()).toBe("When does your current contract end?");
  await wizard(page).getByRole("button", { name: "Under 3 months" }).click();
  await expect.poll(() => question(page).textContent()).toBe("What type of business do you run?");
  await wizard(page).getByRole("button", { name: "LTD company" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Tell us about your business");
  await wizard(page).getByLabel("Business name").fill(businessName);
  await wizard(page).getByLabel("Postcode").fill("ls1 4ap");
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => question(page).textContent()).toBe("Where should we send your quote?");
}

async function fillContactStep(page: Page, email: string) {
  await wizard(page).getByLabel("First name").fill("Sam");
  await wizard(page).getByLabel("Last name").fill("Patel");
  await wizard(page).getByRole("textbox", { name: "Email" }).fill(email);
  await wizard(page).getByLabel("Phone").fill("07700 900123");
}

const leadsWithEmail = (email: string) => journey.server.db.selectFrom("leads").selectAll().where("email", "=", email).execute();

describe.each(JS_MODES)("quote wizard $name", (mode) => {
  it("takes a visitor from step 1 to the thank-you step and stores the lead with every answer and the reference shown", async () => {
    const page = await openWizard(mode);
    const email = `full-run-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    if (mode.javaScriptEnabled) await markDocument(page);

    expect(await question(page).textContent()).toBe("How many handsets or SIMs do you need?");
    expect(await progress(page).getAttribute("aria-valuenow")).toBe("1");
    expect(
      await wizard(page)
        .getByRole("button", { name: /back|previous/i })
        .count(),
    ).toBe(0);
    const barWidth = async () => {
      const [bar, track] = await Promise.all([page.getByTestId("wizard-progress").boundingBox(), progress(page).boundingBox()]);
      return Math.round((bar!.width / track!.width) * 100);
    };
    if (!mode.javaScriptEnabled) expect(await barWidth()).toBe(20);

    await answerFirstFourSteps(page);
    expect(await progress(page).getAttribute("aria-valuenow")).toBe("5");
    await expect.poll(barWidth).toBe(100);
    await fillContactStep(page, email);
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();

    await page.getByTestId("quote-thank-you").waitFor();
    expect(await question(page).textContent()).toBe("Thank You!");
    const reference = (await page.getByTestId("quote-reference").textContent())!;
    expect(reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(reference.startsWith("CLB-")).toBe(true);

    const [lead] = await leadsWithEmail(email);
    expect(lead).toMatchObject({
      reference,
      status: "new",
      teamSize: "5 - 9",
      contractExpiry: "Under 3 months",
      businessType: "LTD company",
      businessName: "Patel Plumbing Ltd",
      postcode: "LS1 4AP",
      firstName: "Sam",
      lastName: "Patel",
      phoneNumber: "07700 900123",
      sourcePage: "/",
    });
    if (mode.javaScriptEnabled) {
      // Every step went through a fetcher: still the same page, no reload.
      expect(await isSameDocument(page)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    } else {
      // Each answer page lands back on the wizard's card.
      expect(new URL(page.url()).hash).toBe("#quote-step");
    }
    await page.context().close();
  });

  it("works the same on the Business Mobiles page", async () => {
    const page = await openWizard(mode, "/business-mobile");
    const email = `business-mobile-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    await answerFirstFourSteps(page);
    await fillContactStep(page, email);
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-thank-you").waitFor();
    const [lead] = await leadsWithEmail(email);
    expect(lead.sourcePage).toBe("/business-mobile");
    expect(lead.reference).toBe(await page.getByTestId("quote-reference").textContent());
    await page.context().close();
  });

  it("keeps the visitor on the step with its error summary when a required answer is blank", async () => {
    const page = await openWizard(mode);
    const email = `missing-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    // Spaces get past the browser's own check but are not an answer.
    await wizard(page).getByRole("button", { name: "1 - 2" }).click();
    await wizard(page).getByRole("button", { name: "Out of contract" }).click();
    await wizard(page).getByRole("button", { name: "Sole trader" }).click();
    await wizard(page).getByLabel("Business name").fill("   ");
    await wizard(page).getByRole("button", { name: "Next" }).click();
    const summary = wizard(page).getByTestId("error-summary");
    await expect.poll(() => summary.getByRole("link").allTextContents()).toEqual(["Please enter your business name"]);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await question(page).textContent()).toBe("Tell us about your business");
    expect(await wizard(page).locator("#quote-business-name-error").textContent()).toBe("Please enter your business name");

    await wizard(page).getByLabel("Business name").fill("Bloom Floral Studio");
    await wizard(page).getByRole("button", { name: "Next" }).click();
    await expect.poll(() => question(page).textContent()).toBe("Where should we send your quote?");

    await fillContactStep(page, email);
    await wizard(page).getByLabel("First name").fill("  ");
    await wizard(page).getByLabel("Phone").fill("not a number");
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await expect
      .poll(() => summary.getByRole("link").allTextContents())
      .toEqual(["Please enter your first name", "Please enter a valid phone number, like 07700 900123"]);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await question(page).textContent()).toBe("Where should we send your quote?");
    // What was typed is still there, and nothing was stored.
    expect(await wizard(page).getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
    expect(await wizard(page).getByLabel("Last name").inputValue()).toBe("Patel");
    expect(await leadsWithEmail(email)).toHaveLength(0);
    await page.context().close();
  });

  it("shows 'Submission Failed' and keeps step 5 with everything typed when the lead cannot be stored", async () => {
    const page = await openWizard(mode);
    const email = `failed-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    await answerFirstFourSteps(page);
    await fillContactStep(page, email);
    const allowWrites = await refuseWrites(journey.server.db, { table: "leads", event: "INSERT", message: "disk I/O error" });
    try {
      await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
      const toast = page.getByTestId("toast");
      await toast.waitFor();
      expect(await toast.textContent()).toContain("Submission Failed");
      expect(await toast.textContent()).toContain("Please try again or contact us directly.");
      expect(await question(page).textContent()).toBe("Where should we send your quote?");
      expect(await wizard(page).getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
      expect(await wizard(page).getByLabel("First name").inputValue()).toBe("Sam");
    } finally {
      await allowWrites();
    }
    // Trying again works, with the earlier answers intact.
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await page.getByTestId("quote-thank-you").waitFor();
    const [lead] = await leadsWithEmail(email);
    expect(lead).toMatchObject({ teamSize: "5 - 9", businessName: "Patel Plumbing Ltd" });
    await page.context().close();
  });

  it("makes one lead when the same form is submitted twice", async () => {
    const page = await openWizard(mode);
    const email = `twice-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    await answerFirstFourSteps(page);
    await fillContactStep(page, email);
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).dblclick();
    await page.getByTestId("quote-thank-you").waitFor();
    const shown = await page.getByTestId("quote-reference").textContent();

    if (!mode.javaScriptEnabled) {
      // Going back to the filled-in form and sending it again is the same submission.
      await page.goBack();
      await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
      await page.getByTestId("quote-thank-you").waitFor();
      expect(await page.getByTestId("quote-reference").textContent()).toBe(shown);
    }
    const leads = await leadsWithEmail(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].reference).toBe(shown);
    await page.context().close();
  });
});

describe("quote wizard form logos", () => {
  it("shows the network names until staff upload form logos, then the logos", async () => {
    const page = await openWizard(JS_MODES[0]);
    const networks = wizard(page).getByRole("list", { name: "Networks we compare" });
    expect(await networks.getByRole("listitem").allTextContents()).toEqual(["EE", "O2", "Vodafone", "Three"]);

    const now = new Date().toISOString();
    await journey.server.db
      .insertInto("stockImages")
      .values([
        {
          filename: "logo-ee-3f9a.png",
          originalName: "ee.png",
          description: "EE",
          location: "formlogo1",
          size: 1200,
          contentType: "image/png",
          createdAt: now,
        },
        {
          filename: "logo-o2-77b1.png",
          originalName: "o2.png",
          description: "O2",
          location: "formlogo2",
          size: 1100,
          contentType: "image/png",
          createdAt: now,
        },
      ])
      .execute();
    try {
      await page.reload();
      const logos = wizard(page).getByRole("img");
      expect(await logos.evaluateAll((images) => images.map((image) => [image.getAttribute("src"), image.getAttribute("alt")]))).toEqual([
        ["/uploads/logo-ee-3f9a.png", "EE"],
        ["/uploads/logo-o2-77b1.png", "O2"],
      ]);
      expect(await networks.count()).toBe(0);
    } finally {
      await journey.server.db.deleteFrom("stockImages").execute();
    }
    await page.context().close();
  });
});

describe("quote wizard with JavaScript only", () => {
  it("reads 'Submitting...' and is disabled while the request is in flight", async () => {
    const page = await openWizard(JS_MODES[1]);
    await answerFirstFourSteps(page);
    await fillContactStep(page, "in-flight@example.co.uk");
    // Hold the answer back so the in-flight state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/?index*", async (route) => {
      await held;
      await route.continue();
    });
    await wizard(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const button = wizard(page).getByRole("button", { name: "Submitting..." });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.getByTestId("quote-thank-you").waitFor();
    await page.context().close();
  });

  it("moves focus to each new step's question", async () => {
    const page = await openWizard(JS_MODES[1]);
    await wizard(page).getByRole("button", { name: "10+" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("When does your current contract end?");
    await page.context().close();
  });
});
