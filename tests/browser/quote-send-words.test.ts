import { describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { useServerAndBrowser } from "../support/journey";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * Sending a quote with email off, as staff do it in a browser with JavaScript off and on: the toast says it was not
 * emailed and why, never "sent to" an address nobody emailed; a lead nobody owned becomes the sender's; and the customer's
 * link is there to copy (a box to select without JavaScript, a Copy link button with it).
 */
const APP_URL = "http://quotes.clearline.example";
const CHOSEN = tariffInput({ slug: "send-words-sim" });
const journey = useServerAndBrowser(() => ({ ...TEST_OWNER_ENV, APP_URL }));
let leadCount = 0;

describe.each(JS_MODES)("sending a quote with email off $name", (mode: JsMode) => {
  it("says it was not emailed and why, makes the sender the owner, and offers the link to copy", async () => {
    if (leadCount === 0) await addTariffs(await staffClient(journey.server, "admin"), [CHOSEN]);
    leadCount += 1;
    const email = `send-words-${leadCount}@example.co.uk`;
    const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 2 });
    const page = await openPage(journey.browser, mode, { permissions: ["clipboard-read", "clipboard-write"] });
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("button", { name: "New quote" }).click();
    const editor = page.getByRole("dialog", { name: "Quote Q1 (draft)" });
    await editor.waitFor();
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await editor.getByRole("button", { name: "Send to customer" }).click();

    await page.getByText("Quote Q1 sent, not emailed").first().waitFor();
    await page.getByText("Not emailed: email is off; copy the link to send it. The lead had no owner: it is yours now.").first().waitFor();
    expect(await page.getByText(`sent to ${email}`).count()).toBe(0);
    const owner = await journey.server.db.selectFrom("adminUsers").select("id").where("email", "=", TEST_OWNER.email).executeTakeFirstOrThrow();
    const stored = await journey.server.db.selectFrom("leads").select("assignedTo").where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(stored.assignedTo).toBe(owner.id);

    const quote = await journey.server.db.selectFrom("quotes").select("token").where("leadId", "=", lead.id).executeTakeFirstOrThrow();
    const link = page.getByLabel("The customer's link to Q1");
    expect(await link.inputValue()).toBe(`${APP_URL}/quote/${quote.token}`);
    const copy = page.getByRole("button", { name: "Copy link" });
    if (!mode.javaScriptEnabled) {
      // Without JavaScript no button that cannot work: the box is there to select and copy.
      expect(await copy.count()).toBe(0);
    } else {
      await copy.click();
      await page.getByText("Link copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}/quote/${quote.token}`);
    }
    await page.context().close();
  });
});
