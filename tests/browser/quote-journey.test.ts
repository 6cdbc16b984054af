import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { useMailbox, useServerAndBrowser } from "../support/journey";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * The whole sale, end to end, with JavaScript off and on: a visitor chooses a
 * deal, staff build and send the quote from the lead in the portal, the
 * customer opens the link from their email (a real SMTP server) in a browser
 * of their own and accepts, and staff find the lead Converted and the owner's
 * email. Each step's details are tested in quote-editor and quote-customer.
 */

const APP_URL = "http://quotes.clearline.example";
const NOTIFY = "sales@clearlinebusiness.co.uk";
const CHOSEN = tariffInput();

const mail = useMailbox();
const journey = useServerAndBrowser(() => ({ ...TEST_OWNER_ENV, SMTP_URL: mail.mailbox.url, APP_URL, LEAD_NOTIFY_TO: NOTIFY }));

beforeAll(async () => {
  await addTariffs(await staffClient(journey.server, "admin"), [CHOSEN]);
});

async function settled(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

describe.each(JS_MODES)("a quote from lead to customer $name", (mode) => {
  it("is built and sent by staff, accepted by the customer from the emailed link, and the lead is Converted with the owner told", async () => {
    const email = `whole-sale-${mode.javaScriptEnabled ? "js" : "nojs"}@example.co.uk`;
    const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 3 });
    const reference = `${lead.reference}-Q1`;

    const staff = await openPage(journey.browser, mode);
    await signInBrowser(staff.context(), journey.server, TEST_OWNER.email);
    await staff.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    await settled(staff, mode);
    await staff.getByRole("button", { name: "New quote" }).click();
    const editor = staff.getByRole("dialog", { name: "Quote Q1 (draft)" });
    await editor.waitFor();
    await settled(staff, mode);
    await expect.poll(() => editor.getByLabel("Description").first().inputValue()).toBe("EE Business SIM 30GB");
    await editor.getByRole("button", { name: "Send to customer" }).click();
    await staff.getByText(`Quote Q1 sent to ${email}`).first().waitFor();
    // Nobody owned the lead: sending made the sender its owner, and the toast says so.
    await staff.getByText("The lead had no owner: it is yours now.").first().waitFor();

    const quoteEmails = () => mail.mailbox.to(email).filter((message) => message.subject.includes(`Your quote ${reference}`));
    await expect.poll(() => quoteEmails().length).toBe(1);
    const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{22}/.exec(quoteEmails()[0]!.text)![0].replace(APP_URL, journey.server.url);

    // The customer, in a browser of their own (no staff session: a real view).
    const customer = await openPage(journey.browser, mode);
    await customer.goto(link);
    await settled(customer, mode);
    await expect.poll(() => customer.getByRole("heading", { level: 1 }).textContent()).toBe(`Quote ${reference}`);
    const accept = customer.getByRole("form", { name: "Accept this quote" });
    await accept.getByLabel("Full name").fill("Sam Patel");
    await accept.getByLabel("Your role").fill("Director");
    await accept.getByLabel("I am authorised to accept this quote on behalf of Patel Plumbing").check();
    await accept.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => customer.locator("[data-quote-receipt]").isVisible()).toBe(true);

    await expect
      .poll(() => mail.mailbox.to(TEST_OWNER.email).filter((message) => message.subject === `Quote ${reference} accepted by Patel Plumbing`).length)
      .toBe(1);
    expect(mail.mailbox.to(NOTIFY).filter((message) => message.subject.includes(reference))).toEqual([]);
    await staff.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    await settled(staff, mode);
    await expect.poll(() => staff.getByTestId("lead-quote-status").first().textContent()).toBe("Accepted");
    expect(await staff.locator(`#lead-status-${lead.id}`).inputValue()).toBe("converted");
    await Promise.all([staff.context().close(), customer.context().close()]);
  });
});
