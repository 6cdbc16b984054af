import fs from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { csvRecords } from "~/lib/csv";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { daysAgo, seedQuote, seedQuoteLead, ukDayFromNow } from "../support/seeded-quotes";

/** Staff find quotes on the Quotes screen by status and by validity, and export what they found, with JavaScript off and on. */

const journey = useServerAndBrowser(TEST_OWNER_ENV);
const references = {} as Record<"expiring" | "later" | "lapsed" | "accepted", string>;

beforeAll(async () => {
  const db = journey.server.db;
  const lead = async (businessName: string) => seedQuoteLead(db, { businessName });
  const expiring = await lead("Birch Bakery");
  await seedQuote(db, { leadId: expiring.id, status: "sent", createdAt: daysAgo(5), validUntil: ukDayFromNow(2) });
  const later = await lead("Cedar Cafe");
  await seedQuote(db, { leadId: later.id, status: "viewed", createdAt: daysAgo(4), validUntil: ukDayFromNow(12), viewCount: 2 });
  const lapsed = await lead("Fern Florists");
  await seedQuote(db, { leadId: lapsed.id, status: "sent", createdAt: daysAgo(20), validUntil: ukDayFromNow(-3) });
  const accepted = await lead("Daisy Dental");
  await seedQuote(db, {
    leadId: accepted.id,
    status: "accepted",
    createdAt: daysAgo(6),
    acceptedAt: daysAgo(1),
    acceptedName: "Dana Dent",
    acceptedRole: "Director",
  });
  Object.assign(references, {
    expiring: `${expiring.reference}-Q1`,
    later: `${later.reference}-Q1`,
    lapsed: `${lapsed.reference}-Q1`,
    accepted: `${accepted.reference}-Q1`,
  });
});

async function openQuotes(mode: JsMode): Promise<Page> {
  const page = await openPage(journey.browser, mode, { acceptDownloads: true });
  await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
  await page.goto(`${journey.server.url}/admin/dashboard`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  // From the sidebar, as staff come to it.
  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Quotes" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/quotes");
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const shownReferences = (page: Page) => page.getByTestId("quote-row").locator("td:first-child").allTextContents();

async function filter(page: Page, mode: JsMode, label: string, value: string, param: string) {
  await page.getByLabel(label).selectOption(value);
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
  // With JavaScript the list follows the choice at once.
  await page.waitForURL((url) => (url.searchParams.get(param) ?? "") === value);
}

describe.each(JS_MODES)("the Quotes screen $name", (mode) => {
  it("filters by status as of today and by expiring this week, then exports what it shows", async () => {
    const page = await openQuotes(mode);
    await expect.poll(() => shownReferences(page)).toEqual([references.later, references.expiring, references.accepted, references.lapsed]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Quotes (4)");
    // axe runs as a script in the page: only where scripts run.
    if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await filter(page, mode, "Filter by status", "expired", "status");
    await expect.poll(() => shownReferences(page)).toEqual([references.lapsed]);
    expect(await page.getByTestId("quote-row").textContent()).toContain("Expired");

    await filter(page, mode, "Filter by status", "", "status");
    await filter(page, mode, "Filter by validity", "week", "expiring");
    await expect.poll(() => shownReferences(page)).toEqual([references.expiring]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Quotes (1)");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quotes-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = [...csvRecords(fs.readFileSync((await download.path())!, "utf8"))];
    expect(rows.map((row) => row[header.indexOf("Reference")])).toEqual([references.expiring]);
    expect(rows[0][header.indexOf("Business")]).toBe("Birch Bakery");
    expect(rows[0][header.indexOf("Status")]).toBe("Sent");
    expect(rows[0][header.indexOf("Monthly ex VAT")]).toBe("10.00");
    await page.context().close();
  });
});
