import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration } from "../support/browser";
import { TestHook } from "../support/hook";
import { startTestServer, type TestServer } from "../support/server";

/** Staff see on the dashboard that the lead webhook failed, with JavaScript off and on. */

let hook: TestHook;
let server: TestServer;
let browser: Browser;
const email = "crm-refuses@example.co.uk";
let reference = "";

beforeAll(async () => {
  hook = await TestHook.start();
  hook.behave(email, { always: { status: 502, text: "Bad Gateway from the CRM" } });
  [server, browser] = await Promise.all([
    startTestServer({ ...TEST_OWNER_ENV, LEAD_WEBHOOK_URL: hook.url }, { tuning: { outboxAttempts: 1 } }),
    launchBrowser(),
  ]);
  await waitForAdminUser(server.db, TEST_OWNER.email);
  const response = await fetch(`${server.url}/api/quote-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      teamSize: "1 - 2",
      contractExpiry: "Out of contract",
      businessType: "Sole trader",
      businessName: "Refused Roofing",
      firstName: "Rae",
      lastName: "Fused",
      email,
      phoneNumber: "07700 900777",
    }),
  });
  expect(response.status).toBe(201);
  ({ reference } = await response.json());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await hook?.stop();
});

describe.each(JS_MODES)("webhook failures on the dashboard $name", (mode) => {
  it("names the failure, its last error and the lead (with no serious accessibility problems)", async () => {
    // One try (outboxAttempts 1), refused by the hook: the delivery has failed.
    await expect.poll(async () => (await server.db.selectFrom("outbox").select("failedAt").executeTakeFirst())?.failedAt ?? null).not.toBeNull();
    const page = await openPage(browser, mode);
    await signInBrowser(page.context(), server, TEST_OWNER.email);
    await page.goto(`${server.url}/admin/dashboard`);
    if (mode.javaScriptEnabled) await waitForHydration(page);

    const section = page.getByRole("region", { name: "Webhook and email deliveries need attention" });
    expect(await section.isVisible()).toBe(true);
    expect(await section.getByTestId("webhook-failed-count").textContent()).toBe("1 delivery");
    expect(await section.getByTestId("webhook-last-error").textContent()).toContain("answered 502: Bad Gateway from the CRM");
    await section.getByRole("link", { name: reference }).click();
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(email);

    if (mode.javaScriptEnabled) {
      // axe runs as a script in the page, so only where scripts run.
      await page.goto(`${server.url}/admin/dashboard`);
      await waitForHydration(page);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    }
    await page.context().close();
  });
});
