import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Quote } from "~/features/quotes/quotes";
import { TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, smallTargets, waitForHydration, watchProblems, type JsMode } from "../support/browser";
import { staffClient, type StaffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { useMailbox, useServerAndBrowser } from "../support/journey";
import { readPdf } from "../support/pdf-text";
import { addUpLineWorking, pence } from "../support/line-arithmetic";
import { addTariffs, tariffInput } from "../support/tariffs";
import { ukDay } from "~/lib/calendar";

/**
 * The customer's journeys with a quote, in Chromium with JavaScript off and
 * on: the link opened from the email a real SMTP server received, the PDF
 * downloaded and read back, accepted (receipt, lead Converted, owner emailed),
 * declined, expired, superseded by a newer version.
 */

const APP_URL = "https://clearline.example.co.uk";
const NOTIFY = "sales@clearlinebusiness.co.uk";
const CHOSEN = tariffInput({ upfrontCostExVatPence: 2500 });

let manager: StaffClient;
let leadCount = 0;

const mail = useMailbox();
const journey = useServerAndBrowser(() => ({ ...TEST_OWNER_ENV, SMTP_URL: mail.mailbox.url, APP_URL, LEAD_NOTIFY_TO: NOTIFY }));

beforeAll(async () => {
  manager = await staffClient(journey.server, "manager");
  await addTariffs(await staffClient(journey.server, "admin"), [CHOSEN]);
});

/** A lead's quote drafted (with `draft`'s lines when given) and sent by staff; the link from the customer's email, on the test journey.server. */
async function sentQuote(draft?: { lines: unknown[] }): Promise<{ lead: { id: number; reference: string; email: string }; quote: Quote; url: string }> {
  leadCount += 1;
  const email = `journey-${leadCount}-${process.pid}@example.co.uk`;
  const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 3 });
  const quote = (await (await manager.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined)).json()) as Quote;
  if (draft) expect((await manager.patch(`/admin/api/quotes/${quote.id}`, draft)).status).toBe(200);
  expect((await manager.postJson(`/admin/api/quotes/${quote.id}/send`, undefined)).status).toBe(200);
  return { lead: { ...lead, email }, quote, url: await linkFromEmail(email, `${lead.reference}-Q1`) };
}

async function linkFromEmail(to: string, reference: string): Promise<string> {
  const matching = () => mail.mailbox.to(to).filter((email) => email.subject.includes(`Your quote ${reference}`));
  await expect.poll(() => matching().length).toBe(1);
  const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{22}/.exec(matching()[0]!.text)![0];
  return link.replace(APP_URL, journey.server.url);
}

async function open(mode: JsMode, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await openPage(journey.browser, mode, { acceptDownloads: true });
  const problems = watchProblems(page);
  await page.goto(url);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return { page, problems };
}

/** The totals as the page shows them: label and figure, in order. */
const pageTotals = (page: Page) =>
  page
    .locator("[data-quote-totals] > div")
    .evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent!, row.querySelector("dd")!.textContent!]));

const storedQuote = (id: number) => journey.server.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function yesterday(): string {
  const [year, month, day] = ukDay(new Date()).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

describe.each(JS_MODES)("the customer's quote $name", (mode) => {
  it("opens from the email, downloads as a PDF with the page's totals, and accepts: receipt, lead Converted, owner emailed", async () => {
    const { lead, quote, url } = await sentQuote();
    const { page, problems } = await open(mode, url);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Quote ${lead.reference}-Q1`);
    const totals = await pageTotals(page);
    expect(totals.length).toBeGreaterThan(5);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`${lead.reference}-Q1.pdf`);
    const pdfText = (await readPdf(new Uint8Array(await fs.readFile((await download.path())!)))).flatMap((pdfPage) => pdfPage.lines).join("\n");
    for (const [label, figure] of totals) expect(pdfText).toContain(`${label} ${figure}`);

    const form = page.getByRole("form", { name: "Accept this quote" });
    await form.getByLabel("Full name").fill("Sam Patel");
    await form.getByLabel("Your role").fill("Director");
    await form.getByLabel("I am authorised to accept this quote on behalf of Patel Plumbing").check();
    await form.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => page.locator("[data-quote-receipt]").isVisible()).toBe(true);
    const receipt = (await page.locator("[data-quote-receipt]").textContent())!;
    expect(receipt).toContain("Sam Patel, Director");
    expect(receipt).toContain(`${lead.reference}-Q1`);
    const row = await storedQuote(quote.id);
    expect(receipt).toContain(row.acceptedContentHash!);
    expect(row).toMatchObject({ status: "accepted", acceptedName: "Sam Patel", acceptedRole: "Director" });
    expect(row.acceptedUserAgent).toContain("Chrome");
    expect((await journey.server.db.selectFrom("leads").select("status").where("id", "=", lead.id).executeTakeFirstOrThrow()).status).toBe("converted");
    // The manager who sent the quote became the owner of a lead nobody owned: the acceptance reaches them.
    await expect
      .poll(() => mail.mailbox.to(manager.user.email).filter((email) => email.subject === `Quote ${lead.reference}-Q1 accepted by Patel Plumbing`).length)
      .toBe(1);
    expect(await page.getByRole("button", { name: "Accept quote" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("on a phone: fits the screen, every figure in view and adding up, the answer in reach at the foot, accepted with a certificate in the PDF", async () => {
    // 7 lines at £12.00, 10% off lines 2-7, a further 10% off for loyalty; 7 SIMs at £25.00 once, £5.00 off.
    const { lead, quote, url } = await sentQuote({
      lines: [
        { group: "mobile", tariffSlug: CHOSEN.slug, quantity: 7, discount: { kind: "percent", percent: 10, reason: "Loyalty" } },
        {
          group: "hardware",
          description: "SIM cards, delivered",
          quantity: 7,
          unitPriceExVatPence: 2500,
          charge: "one_off",
          discount: { kind: "amount", amountExVatPence: 500, reason: "Delivery waived" },
        },
      ],
    });
    const page = await openPage(journey.browser, mode, { viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await page.goto(url);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await smallTargets(page)).toEqual([]);

    const lines = await page.locator("[data-quote-line]").evaluateAll((rows) =>
      rows.map((row) => {
        const amount = row.querySelector<HTMLElement>("[data-line-amount]")!;
        const box = amount.getBoundingClientRect();
        return {
          steps: [...row.querySelectorAll("[data-line-working] li:not([data-line-price-rise])")].map((step) => step.textContent!),
          rises: [...row.querySelectorAll("[data-line-price-rise]")].map((rise) => rise.textContent!),
          amount: amount.innerText,
          inView: box.left >= 0 && box.right <= 390 && amount.scrollWidth <= amount.clientWidth,
        };
      }),
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.inView, line.amount).toBe(true);
      expect(addUpLineWorking(line.steps), line.steps.join(" | ")).toBe(pence(/£[\d,]+\.\d{2}$/.exec(line.amount)![0]));
    }
    // 7 x £12.00 = £84.00, less 6 x £1.20 = £76.80, less 10% (£7.68) = £69.12.
    expect(lines[0]!.steps).toEqual(["7 x £12.00: £84.00", "10% off lines 2-7 (6 x £1.20): -£7.20", "Loyalty: 10% off: -£7.68"]);
    expect(lines[0]!.amount).toContain("£69.12");
    // From 1 Apr 2027: 7 x £14.00 less 6 x £1.40 = £89.60, less 10% = £80.64.
    expect(lines[0]!.rises).toEqual(["From 1 Apr 2027: £80.64 a month for your 7 lines (£14.00 a line)"]);
    expect(lines[1]!.steps).toEqual(["7 x £25.00: £175.00", "Delivery waived: £5.00 off: -£5.00"]);

    // The bar at the foot of the screen leads to the accept form.
    const bar = page.getByRole("navigation", { name: "Answer this quote" });
    expect(await bar.getByText("£69.12 a month").isVisible()).toBe(true);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(844, 0);
    await bar.getByRole("link", { name: "Accept" }).click();
    const form = page.getByRole("form", { name: "Accept this quote" });
    // The page scrolls there (smoothly, so in steps): the name field ends up on screen, above the bar.
    await expect
      .poll(async () => {
        const box = (await form.getByLabel("Full name").boundingBox())!;
        return box.y >= 0 && box.y + box.height < barBox.y;
      })
      .toBe(true);
    await form.getByLabel("Full name").fill("Sam Patel");
    await form.getByLabel("Your role").fill("Director");
    await form.getByLabel("I am authorised to accept this quote on behalf of Patel Plumbing").check();
    await form.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => page.locator("[data-quote-receipt]").isVisible()).toBe(true);
    expect(await bar.count()).toBe(0);

    // The receipt's "keep the PDF as your copy" holds: the PDF ends with the certificate of acceptance.
    const row = await storedQuote(quote.id);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).first().click()]);
    const pages = await readPdf(new Uint8Array(await fs.readFile((await download.path())!)));
    const certificate = pages.at(-1)!.lines.join(" ");
    expect(certificate).toContain("Certificate of acceptance");
    expect(certificate).toContain("Accepted by Sam Patel");
    expect(certificate).toContain(`Quote ${lead.reference}-Q1, version 1`);
    expect(certificate).toContain(`IP address ${row.acceptedIp}`);
    expect(certificate).toContain(row.acceptedContentHash!);
    await page.context().close();
  });

  it("opened again, still works; only opening it counts as a view, each counted at once", async () => {
    const { quote, url } = await sentQuote();
    const { page, problems } = await open(mode, url);
    for (let reload = 0; reload < 2; reload++) expect((await page.reload())!.status()).toBe(200);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    expect((await storedQuote(quote.id)).viewCount).toBe(3);

    const form = page.getByRole("form", { name: "Accept this quote" });
    await form.getByLabel("Full name").fill("Sam Patel");
    await form.getByLabel("Your role").fill("Director");
    await form.getByLabel("I am authorised to accept this quote on behalf of Patel Plumbing").check();
    await form.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => page.locator("[data-quote-receipt]").isVisible()).toBe(true);
    // The receipt shown after the customer's own answer is not another view: opening the page again is the fourth.
    expect((await storedQuote(quote.id)).status).toBe("accepted");
    await page.goto(url);
    await expect.poll(() => page.locator("[data-quote-receipt]").isVisible()).toBe(true);
    expect((await storedQuote(quote.id)).viewCount).toBe(4);
    expect(problems).toEqual([]);
  });

  it("tells the customer what is missing by the field, then declines with a reason and thanks them", async () => {
    const { quote, url } = await sentQuote();
    const { page, problems } = await open(mode, url);
    const accept = page.getByRole("form", { name: "Accept this quote" });
    // Past the browser's own required checks, as a browser that lacks them would post.
    await accept.evaluate((form) => form.setAttribute("novalidate", ""));
    await accept.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => page.locator("#quote-accept-full-name-error").textContent()).toBe("Please enter your full name");
    expect(await page.locator("#quote-accept-authorised-error").textContent()).toBe("Tick to confirm you are authorised to accept on behalf of Patel Plumbing");

    const decline = page.getByRole("form", { name: "Decline this quote" });
    await decline.getByLabel("Reason (optional)").fill("Staying with our current provider");
    await decline.getByRole("button", { name: "Decline quote" }).click();
    await expect.poll(() => page.locator("[data-quote-declined]").isVisible()).toBe(true);
    expect(await storedQuote(quote.id)).toMatchObject({ status: "declined", declineReason: "Staying with our current provider" });
    // The refused post's 400 is the browser's note of an answer, not a problem.
    expect(problems.filter((problem) => !problem.includes("status of 400"))).toEqual([]);
  });

  it("changed since it was opened: accepting is refused with the message and the new quote shown, nothing kept; accepting what is shown then works", async () => {
    const { lead, quote, url } = await sentQuote();
    const { page, problems } = await open(mode, url);
    const form = page.getByRole("form", { name: "Accept this quote" });
    await form.getByLabel("Full name").fill("Sam Patel");
    await form.getByLabel("Your role").fill("Director");
    await form.getByLabel("I am authorised to accept this quote on behalf of Patel Plumbing").check();
    // While the customer reads, the business's name on the quote changes.
    await journey.server.db
      .updateTable("leads")
      .set({ companyName: "Patel Heating Ltd", updatedAt: new Date().toISOString() })
      .where("id", "=", lead.id)
      .execute();
    await form.getByRole("button", { name: "Accept quote" }).click();

    await expect.poll(() => page.getByRole("alert").filter({ hasText: "This quote changed since you opened it" }).count()).toBeGreaterThan(0);
    const renamed = page.getByRole("form", { name: "Accept this quote" }).getByLabel("I am authorised to accept this quote on behalf of Patel Heating Ltd");
    await expect.poll(() => renamed.count()).toBe(1);
    expect(await storedQuote(quote.id)).toMatchObject({ acceptedAt: null, acceptedContentHash: null });
    expect((await journey.server.db.selectFrom("leads").select("status").where("id", "=", lead.id).executeTakeFirstOrThrow()).status).toBe("contacted");

    const again = page.getByRole("form", { name: "Accept this quote" });
    await again.getByLabel("Full name").fill("Sam Patel");
    await again.getByLabel("Your role").fill("Director");
    await renamed.check();
    await again.getByRole("button", { name: "Accept quote" }).click();
    await expect.poll(() => page.locator("[data-quote-receipt]").isVisible()).toBe(true);
    const row = await storedQuote(quote.id);
    expect(row.status).toBe("accepted");
    expect(await page.locator("[data-quote-receipt]").textContent()).toContain(row.acceptedContentHash!);
    // The refused post's 409 is the browser's note of an answer, not a problem.
    expect(problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
  });

  it("past its validity, says it has expired and offers no acceptance", async () => {
    const { quote, url } = await sentQuote();
    await journey.server.db.updateTable("quotes").set({ validUntil: yesterday() }).where("id", "=", quote.id).execute();
    const { page } = await open(mode, url);
    expect(await page.locator("[data-quote-expired]").textContent()).toContain("This quote has expired");
    expect(await page.getByRole("link", { name: "Ask us for a new quote" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Accept quote" }).count()).toBe(0);
  });

  it("superseded by version 2, refuses acceptance and leads to the new version", async () => {
    const { lead, quote, url } = await sentQuote();
    const second = (await (await manager.postJson(`/admin/api/quotes/${quote.id}/revise`, undefined)).json()) as Quote;
    expect((await manager.postJson(`/admin/api/quotes/${second.id}/send`, undefined)).status).toBe(200);
    const secondUrl = await linkFromEmail(lead.email, `${lead.reference}-Q2`);
    const { page } = await open(mode, url);
    expect(await page.locator("[data-quote-superseded]").textContent()).toContain("This quote has been replaced");
    expect(await page.getByRole("button", { name: "Accept quote" }).count()).toBe(0);
    await page.getByRole("link", { name: "Open the new version" }).click();
    await expect.poll(() => page.url()).toBe(secondUrl);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Quote ${lead.reference}-Q2`);
    expect(await page.getByRole("button", { name: "Accept quote" }).count()).toBe(1);
    expect((await storedQuote(quote.id)).status).toBe("superseded");
  });
});
