import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { confirmedSignupRow } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

const MANAGER = { email: "mo.manager@clearlinebusiness.co.uk", password: "manager-password-123" };

let server: TestServer;
let browser: Browser;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The people each run works on, so the two runs (scripts off and on) never touch each other's rows. */
const PEOPLE = {
  "without JavaScript": { enquirer: ["Imogen", "Hartley"], subscriber: ["Wilfred", "Ashdown"] },
  "with JavaScript": { enquirer: ["Rupert", "Allardyce"], subscriber: ["Beatrix", "Penhale"] },
} as const;

const MESSAGE = "Hello,\n\nWe have 14 handsets with Vodafone and the contract ends in May.\nCould you call after 2pm?";

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await waitForAdminUser(server.db, TEST_OWNER.email);
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager" });
  await server.db
    .insertInto("contactEnquiries")
    .values([
      ...Array.from({ length: 60 }, (_, index) => ({
        firstName: "Routine",
        lastName: `Sender${index}`,
        email: `routine${index}@example.co.uk`,
        contactNumber: "07700 900123",
        subject: "broadband" as const,
        message: `Routine enquiry number ${index}`,
        createdAt: minutesAgo(60 + index),
      })),
      ...Object.values(PEOPLE).map(({ enquirer: [firstName, lastName] }, index) => ({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@${lastName.toLowerCase()}.co.uk`,
        contactNumber: "0113 496 0000",
        subject: "business-mobile" as const,
        message: MESSAGE,
        createdAt: minutesAgo(index + 1),
      })),
    ])
    .execute();
  const now = new Date().toISOString();
  await server.db
    .insertInto("newsletterSignups")
    .values([
      ...Array.from({ length: 5 }, (_, index) => confirmedSignupRow(`reader${index}@example.co.uk`, now)),
      ...Object.values(PEOPLE).map(({ subscriber: [firstName, lastName] }) => ({
        email: `${firstName.toLowerCase()}@${lastName.toLowerCase()}.co.uk`,
        firstName,
        lastName,
        sourcePage: "/testimonials",
        createdAt: now,
        updatedAt: now,
      })),
    ])
    .execute();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAs(mode: JsMode, user: { email: string; password: string }, path: string): Promise<Page> {
  const page = await openPage(browser, mode);
  await signInBrowser(page.context(), server, user.email);
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const rows = (page: Page, kind: "enquiry" | "subscriber") => page.getByTestId(`${kind}-row`);

/** Types a search: with scripts the list follows as you type; without, the Search button sends it. */
async function search(page: Page, mode: JsMode, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

describe.each(JS_MODES)("admin inboxes $name", (mode) => {
  const people = PEOPLE[mode.name];
  const enquirer = people.enquirer.join(" ");
  const subscriber = people.subscriber.join(" ");

  it("works the enquiries: pages, search, details, export and delete", async () => {
    const page = await openAs(mode, TEST_OWNER, "/admin/enquiries");
    const total = Number((await heading(page))!.match(/^Enquiries \((\d+)\)$/)![1]);
    expect(total).toBeGreaterThan(50);
    expect(await page.getByTestId("enquiries-count").allTextContents()).toEqual([`Total enquiries${total}`, expect.stringMatching(/^This week\d+$/)]);
    expect(await rows(page, "enquiry").count()).toBe(50);

    // Pages of 50.
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(`${server.url}/admin/enquiries?page=2`);
    await expect.poll(() => rows(page, "enquiry").count()).toBe(total - 50);
    expect(await page.getByRole("navigation", { name: "Pages" }).textContent()).toContain("Page 2 of 2");
    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL(`${server.url}/admin/enquiries`);
    await expect.poll(() => rows(page, "enquiry").count()).toBe(50);

    // Search.
    await search(page, mode, "Search enquiries", people.enquirer[0]);
    await expect.poll(() => heading(page)).toBe("Enquiries (1)");
    expect(await rows(page, "enquiry").count()).toBe(1);
    expect(await page.getByTestId("found-count").textContent()).toBe("Found 1 enquiry");
    const row = rows(page, "enquiry").first();
    expect(await row.textContent()).toContain("Business Mobile");
    expect(await row.textContent()).toContain("Hello, We have 14 handsets");

    // Details: every field and the message as written.
    await page.getByRole("link", { name: `View enquiry from ${enquirer}` }).click();
    const details = page.getByRole("dialog", { name: "Enquiry details" });
    await details.waitFor();
    expect(page.url()).toMatch(/\/admin\/enquiries\/\d+\?q=/);
    const facts = await details.locator("dl").innerText();
    expect(facts).toContain(enquirer);
    expect(facts).toContain(`${people.enquirer[0].toLowerCase()}@${people.enquirer[1].toLowerCase()}.co.uk`);
    expect(facts).toContain("0113 496 0000");
    expect(facts).toContain("Business Mobile");
    expect(await details.getByText("We have 14 handsets").innerText()).toBe(MESSAGE);
    await details.getByRole("link", { name: "Close" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/enquiries" && url.searchParams.get("q") === people.enquirer[0]);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Export: the search's enquiries, as a file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`enquiries-${londonToday()}.csv`);
    const csv = await fs.readFile((await download.path())!, "utf8");
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe('"Date","First Name","Last Name","Email","Contact Number","Subject","Message"');
    expect(lines[1]).toContain(`"${people.enquirer[0]}","${people.enquirer[1]}"`);
    expect(lines[1]).toContain(`"Business Mobile","${MESSAGE}"`);
    expect(lines).toHaveLength(3);

    // Delete, after confirming.
    await page.getByRole("link", { name: `Delete enquiry from ${enquirer}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete enquiry" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Are you sure you want to delete this enquiry? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Enquiry deleted successfully");
    await expect.poll(() => page.getByText("No enquiries found").isVisible()).toBe(true);
    // An empty list shows its message and no count.
    expect(await heading(page)).toBe("Enquiries");
    expect(await page.getByTestId("found-count").textContent()).toBe("");
    expect(new URL(page.url()).searchParams.get("q")).toBe(people.enquirer[0]);
    expect(await server.db.selectFrom("contactEnquiries").select("id").where("firstName", "=", people.enquirer[0]).execute()).toEqual([]);
    await page.context().close();
  });

  it("searches the newsletter and removes a subscriber", async () => {
    const page = await openAs(mode, TEST_OWNER, "/admin/newsletter");
    expect(await heading(page)).toMatch(/^Newsletter \(\d+\)$/);
    await search(page, mode, "Search subscribers", people.subscriber[1].toLowerCase());
    await expect.poll(() => heading(page)).toBe("Newsletter (1)");
    const row = rows(page, "subscriber").first();
    expect(await row.textContent()).toContain(subscriber);
    expect(await row.textContent()).toContain("Testimonials");

    await page.getByRole("link", { name: `Remove subscriber ${people.subscriber[0].toLowerCase()}@${people.subscriber[1].toLowerCase()}.co.uk` }).click();
    const confirm = page.getByRole("dialog", { name: "Remove subscriber" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Are you sure you want to remove this subscriber? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Subscriber removed successfully");
    await expect.poll(() => page.getByText("No subscribers found").isVisible()).toBe(true);
    expect(await server.db.selectFrom("newsletterSignups").select("id").where("lastName", "=", people.subscriber[1]).execute()).toEqual([]);
    await page.context().close();
  });

  it("shows managers the inboxes and details without any way to delete", async () => {
    const page = await openAs(mode, MANAGER, "/admin/enquiries");
    expect(await heading(page)).toMatch(/^Enquiries \(\d+\)$/);
    expect(await page.getByRole("link", { name: /^Delete enquiry/ }).count()).toBe(0);
    await page.getByRole("link", { name: /^View enquiry from Routine Sender0$/ }).click();
    const details = page.getByRole("dialog", { name: "Enquiry details" });
    await details.waitFor();
    expect(await details.getByRole("link", { name: "Delete" }).count()).toBe(0);
    expect(await details.getByRole("link", { name: "Reply by email" }).getAttribute("href")).toMatch(/^mailto:routine0@example\.co\.uk\?subject=/);

    await page.goto(`${server.url}/admin/newsletter`);
    expect(await rows(page, "subscriber").count()).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: /^Remove subscriber/ }).count()).toBe(0);
    await page.context().close();
  });
});

describe("admin inboxes accessibility", () => {
  it("has no serious or critical problems on the lists and their dialogs", async () => {
    const page = await openAs(JS_MODES[1], TEST_OWNER, "/admin/enquiries");
    const { id: enquiryId } = await server.db.selectFrom("contactEnquiries").select("id").orderBy("id").executeTakeFirstOrThrow();
    const { id: signupId } = await server.db.selectFrom("newsletterSignups").select("id").orderBy("id").executeTakeFirstOrThrow();
    for (const path of [
      "/admin/enquiries",
      `/admin/enquiries/${enquiryId}`,
      `/admin/enquiries/${enquiryId}/delete`,
      "/admin/newsletter",
      `/admin/newsletter/${signupId}`,
      `/admin/newsletter/${signupId}/delete`,
    ]) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
    await page.context().close();
  });
});
