import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuoteLine, QuoteTotals } from "~/features/quotes/quotes";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { useMailbox, useServerAndBrowser } from "../support/journey";
import { addTariffs, tariffInput } from "../support/tariffs";
import { formatPounds } from "~/lib/money";
import { addUpLineWorking } from "../support/line-arithmetic";
import { priceQuote } from "~/features/quotes/quote-prices";

/**
 * Building and sending a quote from a lead with a chosen tariff, as staff
 * do it in a browser with JavaScript off and on, to the customer's inbox on
 * a real SMTP journey.server.
 */

/** Where the customer's link points (plain http, like the test server, so the staff session cookie is not a secure one). */
const APP_URL = "http://quotes.clearline.example";
const CHOSEN = tariffInput();
const mail = useMailbox();
const journey = useServerAndBrowser(() => ({ ...TEST_OWNER_ENV, SMTP_URL: mail.mailbox.url, APP_URL }));

beforeAll(async () => {
  await addTariffs(await staffClient(journey.server, "admin"), [CHOSEN]);
});

/** The one-off hardware line the journey adds, as the quote keeps it. */
const DESK_PHONES: QuoteLine = {
  group: "hardware",
  description: "Desk phone",
  tariff: null,
  quantity: 2,
  unitPriceExVatPence: 4999,
  charge: "one_off",
  termMonths: null,
  priceRises: [],
  multiLineDiscount: null,
  discount: { kind: "amount", amountExVatPence: 500, reason: "Launch offer" },
};

const storedQuote = (leadId: number) => journey.server.db.selectFrom("quotes").selectAll().where("leadId", "=", leadId).executeTakeFirstOrThrow();

/** The figures the editor shows, by name. */
function shownTotals(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId("quote-totals")
    .locator("[data-total]")
    .evaluateAll((cells) => Object.fromEntries(cells.map((cell) => [cell.getAttribute("data-total"), cell.textContent])));
}

/** Each row's own amount, in the order the rows are shown. */
const shownLineAmounts = (page: Page) =>
  page.getByTestId("quote-line-amount").evaluateAll((cells) => cells.map((cell) => cell.querySelector(".tabular-nums")?.textContent ?? ""));

const asShown = (totals: QuoteTotals) => {
  const { lines: _lines, oneOffIncVatPence: _oneOffIncVat, ...figures } = totals;
  return Object.fromEntries(Object.entries(figures).map(([name, pence]) => [name, formatPounds(pence)]));
};

async function settled(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

describe.each(JS_MODES)("the quote editor $name", (mode) => {
  it("builds a quote from the chosen tariff, adds a discounted one-off line, shows the price module's totals, sends it to the customer, withdraws and revises it", async () => {
    const email = `buyer-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 3 });
    const page = await openPage(journey.browser, mode);
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    await settled(page, mode);

    await page.getByRole("button", { name: "New quote" }).click();
    await page.waitForURL(new RegExp(`/admin/leads/${lead.id}/quotes/\\d+$`));
    await settled(page, mode);
    const editor = page.getByRole("dialog", { name: "Quote Q1 (draft)" });
    await editor.waitFor();
    await expect.poll(() => editor.getByLabel("Description").first().inputValue()).toBe("EE Business SIM 30GB");
    const chosen = JSON.parse((await storedQuote(lead.id)).lines) as QuoteLine[];
    // axe runs as a script in the page, so only where scripts run.
    if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);

    if (mode.javaScriptEnabled) {
      // A modal: Tab stays inside, Escape closes it back to the lead.
      for (let step = 0; step < 60; step += 1) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await page.waitForURL(`${journey.server.url}/admin/leads/${lead.id}`);
      await page.getByRole("link", { name: "Edit Q1" }).click();
      await editor.waitFor();
    }

    await editor.getByRole("button", { name: "Add a free line" }).click();
    const row = editor.locator('[data-testid="quote-line"][data-row="1"]');
    await row.waitFor();
    await settled(page, mode);
    await row.getByLabel("Group").selectOption("hardware");
    await row.getByLabel("Description").fill("Desk phone");
    await row.getByLabel("Quantity").fill("2");
    await row.getByLabel("Unit price ex VAT (£)").fill("49.99");
    await row.getByLabel("Charge").selectOption("one_off");
    await row.getByLabel("Term (months)").fill("");
    await row.getByLabel("Discount", { exact: true }).selectOption("amount");
    await row.getByLabel("Discount (% or £ off the line)").fill("5.00");
    await row.getByLabel("Reason for the discount").fill("Launch offer");

    const start = (await storedQuote(lead.id)).start;
    const figures = priceQuote([...chosen, DESK_PHONES], start);
    const expected = asShown(figures);
    const rowAmounts = figures.lines.map((line) => formatPounds(line.amountExVatPence));
    if (mode.javaScriptEnabled) {
      // Priced again as staff type, before anything is saved: the totals, each row's amount, and the contract summary.
      await expect.poll(() => shownTotals(page)).toEqual(expected);
      await expect.poll(() => shownLineAmounts(page)).toEqual(rowAmounts);
      const summaryFor = (quantity: number) => formatPounds(priceQuote([{ ...chosen[0]!, quantity }], start).monthlyExVatPence) + " a month ex VAT";
      expect(await editor.getByTestId("contract-summary").textContent()).toContain(summaryFor(3));
      await editor.locator('[data-testid="quote-line"][data-row="0"]').getByLabel("Quantity").fill("5");
      await expect.poll(() => editor.getByTestId("contract-summary").textContent()).toContain(summaryFor(5));
      await editor.locator('[data-testid="quote-line"][data-row="0"]').getByLabel("Quantity").fill("3");
      await expect.poll(() => shownTotals(page)).toEqual(expected);
    }
    await editor.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(`${journey.server.url}/admin/leads/${lead.id}`);
    await page.getByText("Quote Q1 saved").waitFor();
    expect(JSON.parse((await storedQuote(lead.id)).lines)).toEqual([...chosen, DESK_PHONES]);

    await page.getByRole("link", { name: "Edit Q1" }).click();
    await editor.waitFor();
    await settled(page, mode);
    expect(await shownTotals(page)).toEqual(expected);
    expect(await shownLineAmounts(page)).toEqual(rowAmounts);
    // Each row shows how its amount is made, as the customer will read it, and it adds up.
    const workings = await editor.getByTestId("quote-line-working").allTextContents();
    expect(workings).toHaveLength(2);
    workings.forEach((working, index) => {
      const steps = working.split(" · ").filter((step) => !step.startsWith("From "));
      expect(addUpLineWorking(steps), working).toBe(figures.lines[index]!.amountExVatPence);
    });
    expect(workings[1]).toBe("2 x £49.99: £99.98 · Launch offer: £5.00 off: -£5.00");
    await editor.getByRole("button", { name: "Send to customer" }).click();
    await page.waitForURL(`${journey.server.url}/admin/leads/${lead.id}`);
    await page.getByText(`Quote Q1 sent to ${email}`).first().waitFor();
    await expect.poll(() => page.getByTestId("lead-quote-status").first().textContent()).toBe("Sent");

    const { token } = await storedQuote(lead.id);
    // The customer's first email, "Your quote request", is the lead's; the quote's own follows it.
    const quoteEmails = () => mail.mailbox.to(email).filter((message) => message.subject.startsWith("Your quote ") && !message.subject.includes("request"));
    await expect.poll(() => quoteEmails().length).toBe(1);
    const [message] = quoteEmails();
    expect(message!.text).toContain(`${APP_URL}/quote/${token}`);

    // Withdraw asks first; Revise then drafts version 2 and opens it.
    await page.getByRole("link", { name: "Withdraw Q1" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw quote Q1?" });
    await confirm.waitFor();
    await settled(page, mode);
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    await page.waitForURL(`${journey.server.url}/admin/leads/${lead.id}`);
    await expect.poll(() => page.getByTestId("lead-quote-status").first().textContent()).toBe("Withdrawn");
    await page.getByRole("button", { name: "Revise Q1" }).click();
    await page.getByRole("dialog", { name: "Quote Q2 (draft)" }).waitFor();
    await page.context().close();
  });
});
