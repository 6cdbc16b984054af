import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { dataRequestDueOn } from "~/features/privacy/data-protection";
import { createAdminUserRow, signInBrowser, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { insertDataRequest } from "../support/database";
import { useServerAndBrowser } from "../support/journey";
import { addDays, formatCalendarDay, ukDay } from "~/lib/calendar";

/**
 * The request register, with JavaScript off and on: an admin records a
 * person's erasure request, finds it due one month later, marks it done; the
 * dashboard flags one left open past its month.
 */

const journey = useServerAndBrowser(TEST_OWNER_ENV);
const ADMIN = { email: "dpo@clearlinebusiness.co.uk", password: "a-long-test-password", firstName: "Dana", lastName: "Protect" };
const REGISTER = "/admin/data-protection/requests";

beforeAll(async () => {
  await createAdminUserRow(journey.server.db, { ...ADMIN, role: "admin" });
});

async function go(page: Page, mode: JsMode, path: string) {
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

async function openAsAdmin(mode: JsMode, path: string): Promise<Page> {
  const page = await openPage(journey.browser, mode, { viewport: { width: 1280, height: 1000 } });
  await signInBrowser(page.context(), journey.server, ADMIN.email);
  await go(page, mode, path);
  return page;
}

describe.each(JS_MODES)("the request register $name", (mode) => {
  it("an admin records an erasure request, sees it due in one month, and marks it done", async () => {
    const contact = `erase.${mode.javaScriptEnabled ? "js" : "plain"}@example.co.uk`;
    const today = ukDay(new Date());
    const page = await openAsAdmin(mode, REGISTER);
    try {
      await page.getByRole("link", { name: "Record a request" }).click();
      const dialog = page.getByRole("dialog", { name: "Record a request" });
      await dialog.waitFor();
      await dialog.getByLabel("Kind of request").selectOption("erasure");
      expect(await dialog.getByLabel("Received on").inputValue()).toBe(today);
      expect(await dialog.getByLabel("Handled by").inputValue()).not.toBe("");
      // A wrong contact: the field says why, nothing is saved.
      await dialog.getByLabel("Email address or phone number").fill("not an address");
      await dialog.getByRole("button", { name: "Record request" }).click();
      await expect.poll(() => page.getByRole("dialog", { name: "Record a request" }).textContent()).toContain("Enter a valid email address or phone number");
      await page.getByRole("dialog", { name: "Record a request" }).getByLabel("Email address or phone number").fill(contact);
      await page.getByRole("dialog", { name: "Record a request" }).getByRole("button", { name: "Record request" }).click();

      await page.waitForURL(`${journey.server.url}${REGISTER}`);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      const row = page.getByTestId("data-request-row").filter({ hasText: contact });
      await expect.poll(() => row.count()).toBe(1);
      const text = (await row.textContent()) ?? "";
      expect(text).toContain("Erasure");
      expect(text).toContain(formatCalendarDay(dataRequestDueOn(today)));
      expect(text).toContain("Open");
      expect(text).toContain(`${ADMIN.firstName} ${ADMIN.lastName}`);
      expect(text).not.toContain("Overdue");
      // axe runs as a script in the page: only where scripts run.
      if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await row.getByRole("link", { name: /Open/ }).click();
      const details = page.getByRole("dialog", { name: "Erasure" });
      await details.waitFor();
      await details.getByRole("button", { name: "Mark done" }).click();
      await page.waitForURL(`${journey.server.url}${REGISTER}`);
      await expect.poll(() => page.getByTestId("data-request-row").filter({ hasText: contact }).textContent()).toContain("Done");
      const stored = await journey.server.db.selectFrom("dataRequests").selectAll().where("contact", "=", contact).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: "done", closedOn: today });
    } finally {
      await page.context().close();
    }
  });

  it("the dashboard flags a request left open past its month, and its link shows the overdue ones", async () => {
    const contact = `late.${mode.javaScriptEnabled ? "js" : "plain"}@example.co.uk`;
    const receivedOn = addDays(ukDay(new Date()), -40);
    await insertDataRequest(journey.server.db, { contact, receivedOn });
    const page = await openAsAdmin(mode, "/admin/dashboard");
    try {
      const flag = page.getByTestId("overdue-data-requests");
      expect(await flag.textContent()).toMatch(/\d+ data requests? overdue/);
      await flag.getByRole("link", { name: "See the overdue requests" }).click();
      await page.waitForURL(`${journey.server.url}${REGISTER}?overdue=yes`);
      const row = page.getByTestId("data-request-row").filter({ hasText: contact });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain("Overdue");
      expect(await page.getByLabel("Overdue only").isChecked()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it("an admin filters the register by status, and changes a request's status and notes in its dialog", async () => {
    const suffix = mode.javaScriptEnabled ? "js" : "plain";
    const [waiting, refused] = [`filter.open.${suffix}@example.co.uk`, `filter.refused.${suffix}@example.co.uk`];
    await insertDataRequest(journey.server.db, { contact: waiting });
    await insertDataRequest(journey.server.db, { contact: refused, status: "refused" });
    const page = await openAsAdmin(mode, REGISTER);
    try {
      const rowOf = (contact: string) => page.getByTestId("data-request-row").filter({ hasText: contact });
      await page.getByLabel("Filter by status").selectOption("refused");
      // Without JavaScript the Filter button sends the form; with it, the choice does.
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]status=refused/);
      // The URL can change before the filtered list is on the screen: wait for the list itself.
      await expect.poll(() => rowOf(waiting).count()).toBe(0);
      expect(await rowOf(refused).count()).toBe(1);

      await go(page, mode, REGISTER);
      await rowOf(waiting).getByRole("link", { name: /Open/ }).click();
      const details = page.getByRole("dialog", { name: "Access (a copy of their data)" });
      await details.waitFor();
      await details.getByLabel("Status").selectOption("refused");
      await details.getByLabel("Notes").fill("Could not confirm who they are after two emails");
      await details.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL(`${journey.server.url}${REGISTER}`);
      await expect.poll(() => rowOf(waiting).textContent()).toContain("Refused");
      const stored = await journey.server.db.selectFrom("dataRequests").selectAll().where("contact", "=", waiting).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: "refused", notes: "Could not confirm who they are after two emails" });
    } finally {
      await page.context().close();
    }
  });
});
