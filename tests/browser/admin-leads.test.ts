import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { refuseWrites, seedTestLeads } from "../support/database";

const MANAGER = { email: "max@clearlinebusiness.co.uk", password: "manager-password-1" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await server.db.updateTable("adminUsers").set({ firstName: "Olivia", lastName: "Owner" }).execute();
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager", firstName: "Max", lastName: "Manager" });
  await seedTestLeads(server.db, 75);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openLeads(mode: JsMode, path = "/admin/leads", who = TEST_OWNER): Promise<Page> {
  const page = await openPage(browser, mode, { acceptDownloads: true });
  await signInBrowser(page.context(), server, who.email);
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const rows = (page: Page) => page.getByTestId("lead-row");
const title = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search leads" });
const found = (page: Page) => page.getByTestId("found-count");

async function search(page: Page, mode: JsMode, text: string) {
  await searchBox(page).fill(text);
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
  // With JavaScript the list follows the typing, without a button.
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

describe.each(JS_MODES)("leads screen $name", (mode) => {
  it("shows the cards, the newest 50 leads, and pages through the rest", async () => {
    const page = await openLeads(mode);
    const total = (await server.db.selectFrom("leads").select("id").execute()).length;
    expect(await title(page)).toBe(`Leads (${total})`);
    const cards = await page.getByTestId("lead-count").allTextContents();
    expect(cards[0]).toMatch(new RegExp(`^Total Leads\\s*${total}$`));
    expect(await rows(page).count()).toBe(50);
    const newest = await server.db.selectFrom("leads").select("reference").orderBy("createdAt", "desc").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(await rows(page).first().textContent()).toContain(newest.reference);

    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => rows(page).count()).toBe(total - 50);
    expect(await page.getByText("Page 2 of 2").isVisible()).toBe(true);
    await page.context().close();
  });

  it("searches and filters by status, with the state in the URL", async () => {
    const page = await openLeads(mode);
    const target = await server.db.selectFrom("leads").selectAll().orderBy("id").offset(10).limit(1).executeTakeFirstOrThrow();
    await search(page, mode, target.email.toUpperCase());
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(target.email);
    expect(await title(page)).toBe("Leads (1)");
    expect(await found(page).textContent()).toBe("Found 1 lead");

    // Nothing found: the empty message alone, no "0" anywhere in the title or above the list.
    await search(page, mode, "no such lead anywhere");
    await page.getByText("No leads found").waitFor();
    expect(await title(page)).toBe("Leads");
    expect(await found(page).textContent()).toBe("");

    await searchBox(page).fill("");
    await page.getByLabel("Filter by status").selectOption("converted");
    if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "converted");
    const converted = await server.db.selectFrom("leads").select("id").where("status", "=", "converted").execute();
    await expect.poll(() => rows(page).count()).toBe(converted.length);
    expect(await found(page).textContent()).toBe(`Found ${converted.length} leads`);
    for (const select of await page.locator("select[name=status]").all()) expect(await select.inputValue()).toBe("converted");
    await page.context().close();
  });

  it("changes a lead's status inline", async () => {
    const page = await openLeads(mode);
    const row = rows(page).first();
    const id = Number(await row.getAttribute("data-lead-id"));
    await row.locator("select[name=status]").selectOption("qualified");
    if (!mode.javaScriptEnabled) await row.getByRole("button", { name: "Update" }).click();
    await page.getByTestId("toast").filter({ hasText: "Lead status updated successfully" }).waitFor();
    const stored = await server.db.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("qualified");
    expect(await rows(page).first().locator("select[name=status]").inputValue()).toBe("qualified");
    await page.context().close();
  });

  it("opens the details of a lead, adds a note, and sees it in the timeline", async () => {
    const page = await openLeads(mode);
    const reference = (await rows(page).nth(2).locator(".font-mono").textContent())!;
    await rows(page)
      .nth(2)
      .getByRole("link", { name: `View details of lead ${reference}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    await dialog.waitFor();
    const lead = await server.db.selectFrom("leads").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    for (const fact of [lead.email, lead.phoneNumber, lead.businessName, lead.teamSize, lead.businessType, lead.postcode!, reference]) {
      expect(await dialog.textContent(), fact).toContain(fact);
    }
    expect(await dialog.getByTestId("lead-timeline").textContent()).toContain("Submitted");

    await dialog.getByLabel("Add a note").fill("Called: wants 6 SIMs on O2 by March.");
    await dialog.getByRole("button", { name: "Add note" }).click();
    await page.getByTestId("toast").filter({ hasText: "Note added" }).waitFor();
    await expect.poll(() => page.getByTestId("lead-timeline").textContent()).toContain("Called: wants 6 SIMs on O2 by March.");
    expect(await page.getByTestId("lead-timeline").textContent()).toContain("Note by Olivia Owner");
    // One entry for one change: the note is the latest entry, not followed by an "Updated" of the same moment.
    expect(await page.getByTestId("lead-timeline").locator("li").last().textContent()).toContain("Called: wants 6 SIMs on O2 by March.");
    expect(await page.getByTestId("lead-timeline").textContent()).not.toContain("Updated");
    await page.context().close();
  });

  it('says a contract ending in 3 months or more in the staff\'s words, beside "Under 3 months"', async () => {
    const [later, sooner] = await server.db.selectFrom("leads").select(["id", "reference"]).orderBy("id").offset(20).limit(2).execute();
    await server.db.updateTable("leads").set({ contractExpiry: "3 Months+" }).where("id", "=", later.id).execute();
    await server.db.updateTable("leads").set({ contractExpiry: "Under 3 months" }).where("id", "=", sooner.id).execute();
    const page = await openLeads(mode, `/admin/leads/${later.id}`);
    const contractEnds = page.locator("dt", { hasText: "Contract ends" }).locator("xpath=following-sibling::dd[1]");
    expect(await contractEnds.textContent()).toBe("3 months or more");
    expect(await page.getByText("3 Months+").count()).toBe(0);
    await page.goto(`${server.url}/admin/leads/${sooner.id}`);
    expect(await contractEnds.textContent()).toBe("Under 3 months");
    await page.context().close();
  });

  it("deletes a lead after the spec's confirmation", async () => {
    const page = await openLeads(mode);
    const reference = (await rows(page).nth(4).locator(".font-mono").textContent())!;
    await rows(page)
      .nth(4)
      .getByRole("link", { name: `Delete lead ${reference}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete lead" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to delete this lead? This action cannot be undone.");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("toast").filter({ hasText: "Lead deleted successfully" }).waitFor();
    expect(await server.db.selectFrom("leads").select("id").where("reference", "=", reference).executeTakeFirst()).toBeUndefined();
    expect(await page.getByText(reference).count()).toBe(0);
    await page.context().close();
  });

  it("exports the filtered leads as a CSV file", async () => {
    const page = await openLeads(mode, "/admin/leads?status=lost");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    const lost = await server.db.selectFrom("leads").select("id").where("status", "=", "lost").execute();
    expect(lines).toHaveLength(lost.length + 1);
    // The eighth column is the status (the spec's columns come first).
    expect(lines.slice(1).every((line) => line.slice(1, -1).split('","')[7] === "Lost")).toBe(true);
    await page.context().close();
  });

  it("lets a manager work leads but not delete them", async () => {
    const page = await openLeads(mode, "/admin/leads", MANAGER);
    expect(await page.getByRole("link", { name: /^Delete lead/ }).count()).toBe(0);
    const id = await rows(page).first().getAttribute("data-lead-id");
    await page.goto(`${server.url}/admin/leads/${id}/delete`);
    expect(page.url()).toBe(`${server.url}/admin/dashboard`);
    expect(await page.getByTestId("toast").textContent()).toContain("Access Denied");
    await page.context().close();
  });
});

describe("leads screen with JavaScript only", () => {
  it("shows a new status at once and puts it back with 'Failed to update lead status' when it cannot be stored", async () => {
    const page = await openLeads(JS_MODES[1]);
    const id = Number(await rows(page).nth(1).getAttribute("data-lead-id"));
    const select = page.locator(`[data-testid=lead-row][data-lead-id="${id}"] select[name=status]`);
    const before = await select.inputValue();
    const target = before === "lost" ? "contacted" : "lost";
    // Hold the request back so the optimistic state can be seen, and make the database refuse the change.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/leads?*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const allowWrites = await refuseWrites(server.db, { table: "leads", event: "UPDATE", message: "database is locked" });
    try {
      await select.selectOption(target);
      await expect.poll(() => select.inputValue()).toBe(target);
      release();
      const toast = page.getByTestId("toast").filter({ hasText: "Failed to update lead status" });
      await toast.waitFor();
      expect(await toast.textContent()).toContain("Error");
      await expect.poll(() => select.inputValue()).toBe(before);
    } finally {
      await allowWrites();
    }
    const stored = await server.db.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(before);
    await page.context().close();
  });

  it("closes the details dialog with Escape and keeps the list", async () => {
    const page = await openLeads(JS_MODES[1]);
    await rows(page)
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/admin/leads");
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("has no serious accessibility problems on the list and the dialogs", async () => {
    const page = await openLeads(JS_MODES[1]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await rows(page)
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    await page.getByRole("dialog").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
