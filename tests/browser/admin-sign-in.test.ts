import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@clearlinebusiness.co.uk", password: "correct-horse-battery" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }),
    launchBrowser(),
  ]);
  await server.db.updateTable("adminUsers").set({ firstName: "Olivia", lastName: "Owner" }).where("email", "=", OWNER.email).execute();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(mode: JsMode, password = OWNER.password): Promise<Page> {
  const page = await openPage(browser, mode);
  await page.goto(`${server.url}/admin`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Administration Portal");
  expect(await page.getByText("Only authorised administrators may access this portal").isVisible()).toBe(true);
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin/api/login`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

describe.each(JS_MODES)("admin sign-in $name", (mode) => {
  it("signs in with email and password, shows the dashboard, and signs out", async () => {
    const page = await signIn(mode);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome back, Olivia");
    expect(await page.getByTestId("dashboard-user-name").textContent()).toBe("Olivia Owner");
    expect(await page.getByText("Super Administrator").first().isVisible()).toBe(true);
    expect(await page.getByTestId("toast").textContent()).toContain("Signed in");

    // The sidebar: every screen, the active one marked, and Logout.
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Leads",
      "Enquiries",
      "Newsletter",
      "Users",
      "Stock Images",
      "Testimonials",
      "Settings",
      "Logout",
    ]);
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    const tiles = await page.getByTestId("dashboard-tile").allTextContents();
    expect(tiles).toHaveLength(3);
    expect(tiles[0]).toMatch(/^Quote Requests\s*0$/);
    expect(tiles[1]).toMatch(/^Active Users\s*1$/);
    expect(tiles[2]).toMatch(/^Conversion Rate\s*—$/);
    expect(await page.getByText("No recent activity to display").isVisible()).toBe(true);

    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${server.url}/admin/settings`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Settings");
    expect(await nav.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("contentinfo").getByRole("link", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.url}/admin`);
    expect(await page.getByTestId("toast").textContent()).toContain("Signed out");
    await page.goto(`${server.url}/admin/dashboard`);
    expect(page.url()).toBe(`${server.url}/admin`);
    expect(await page.getByTestId("toast").textContent()).toContain("You need to sign in to access the admin panel.");
    await page.context().close();
  });

  it("shows a clear refusal for a wrong password and keeps the email typed", async () => {
    const page = await signIn(mode, "not-my-password");
    const alert = page.getByRole("alert").filter({ hasText: "match" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe("That email and password don't match an admin account.");
    expect(await page.getByLabel("Email").inputValue()).toBe(OWNER.email);
    expect(page.url()).toBe(`${server.url}/admin/api/login`);
    await page.context().close();
  });

  it("shows 'Page not found' for an unknown admin path", async () => {
    const page = await signIn(mode);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    const response = await page.goto(`${server.url}/admin/no-such-screen`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await page.context().close();
  });
});

describe("admin portal accessibility", () => {
  it("has no serious or critical problems on the sign-in screens and the dashboard", async () => {
    const page = await openPage(browser, JS_MODES[1]);
    for (const path of ["/admin", "/admin/api/login"]) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await waitForHydration(page);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.context().close();
  });
});
