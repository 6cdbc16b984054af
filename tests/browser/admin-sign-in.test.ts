import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await server.db.updateTable("adminUsers").set({ firstName: "Olivia", lastName: "Owner" }).where("email", "=", TEST_OWNER.email).execute();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(mode: JsMode, password = TEST_OWNER.password, email = TEST_OWNER.email): Promise<Page> {
  const page = await openPage(browser, mode);
  await page.goto(`${server.url}/admin`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Administration Portal");
  expect(await page.getByText("Only authorised administrators may access this portal").isVisible()).toBe(true);
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin/api/login`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

/** A page already signed in as `email` (a session handed to the browser), at `path`. */
async function openSignedIn(mode: JsMode, email: string, path = "/admin/dashboard"): Promise<Page> {
  const page = await openPage(browser, mode);
  await signInBrowser(page.context(), server, email);
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const toastText = (page: Page) => page.getByTestId("toast").textContent();
const suffix = (mode: JsMode) => (mode.javaScriptEnabled ? "js" : "nojs");

/** The control whose label starts with `text` ("New password", not "Confirm new password"). */
const labelled = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text.replace(/[()]/g, "\\$&")}`));

/** Fills the change-password form and sends it. */
async function changePassword(page: Page, fields: { current: string; next: string; confirm: string }, currentLabel = "Current password") {
  await labelled(page, currentLabel).fill(fields.current);
  await labelled(page, "New password").fill(fields.next);
  await labelled(page, "Confirm new password").fill(fields.confirm);
  await page.getByRole("button", { name: "Change password" }).click();
}

describe.each(JS_MODES)("admin sign-in $name", (mode) => {
  it("signs in with email and password, shows the dashboard, and signs out", async () => {
    const page = await signIn(mode);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome back, Olivia");
    expect(await page.getByTestId("dashboard-user-name").textContent()).toBe("Olivia Owner");
    expect(await page.getByText("Super Administrator").first().isVisible()).toBe(true);
    expect(await page.getByTestId("toast").textContent()).toContain("Signed in");

    // The sidebar: every screen, the active one marked, and Logout (a button: signing out is a POST).
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    expect(await nav.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Leads",
      "Quotes",
      "Orders",
      "Renewals",
      "Sources",
      "Tariffs",
      "Enquiries",
      "Newsletter",
      "Users",
      "Stock Images",
      "Testimonials",
      "Data protection",
      "Settings",
    ]);
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    const tiles = await page.getByTestId("dashboard-tile").allTextContents();
    expect(tiles).toHaveLength(5);
    expect(tiles[0]).toMatch(/^Quote Requests\s*0$/);
    // Other tests in this file add users of their own.
    const active = await server.db.selectFrom("adminUsers").select("id").where("isActive", "=", 1).execute();
    expect(tiles[1]).toMatch(new RegExp(`^Active Users\\s*${active.length}$`));
    expect(tiles[2]).toMatch(/^Conversion Rate\s*—$/);
    expect(tiles[3]).toMatch(/^Median time to first contact \(last 30 days\)\s*—$/);
    expect(tiles[4]).toMatch(/^Overdue Leads \(new, not contacted within 24 h\)\s*0$/);
    // Until a change is made (a password changed by another test here), the panel says there is none.
    const audited = await server.db.selectFrom("auditLog").select("id").execute();
    if (audited.length === 0) expect(await page.getByText("No recent activity to display").isVisible()).toBe(true);
    else expect(await page.getByTestId("recent-activity").getByRole("listitem").count()).toBe(Math.min(audited.length, 8));

    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${server.url}/admin/settings`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Settings");
    expect(await nav.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("contentinfo").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => toastText(page)).toContain("Signed out");
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
    expect(await page.getByLabel("Email").inputValue()).toBe(TEST_OWNER.email);
    expect(page.url()).toBe(`${server.url}/admin/api/login`);
    await page.context().close();
  });

  it("signs out from the sidebar's Logout and from the dashboard's Sign out", async () => {
    for (const control of ["sidebar", "dashboard"] as const) {
      const page = await openSignedIn(mode, TEST_OWNER.email);
      const button =
        control === "sidebar"
          ? page.getByRole("navigation", { name: "Admin" }).first().getByRole("button", { name: "Logout" })
          : page.getByRole("main").getByRole("button", { name: "Sign out" });
      await button.click();
      await page.waitForURL(`${server.url}/admin`);
      await expect.poll(() => toastText(page)).toContain("Signed out");
      await page.goto(`${server.url}/admin/dashboard`);
      expect(page.url(), control).toBe(`${server.url}/admin`);
      await page.context().close();
    }
  });

  it("asks before signing out when /admin/api/logout is opened, and signs out from its button", async () => {
    const page = await openSignedIn(mode, TEST_OWNER.email, "/admin/api/logout");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign out");
    // Opening the address signed nobody out.
    await page.goto(`${server.url}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome back, Olivia");

    await page.goto(`${server.url}/admin/api/logout`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => toastText(page)).toContain("Signed out");
    await page.goto(`${server.url}/admin/dashboard`);
    expect(page.url()).toBe(`${server.url}/admin`);
    await page.context().close();
  });

  it("changes the password from the footer link: what is wrong is said by the field, then only the new one signs in", async () => {
    const email = `changer-${suffix(mode)}@clearlinebusiness.co.uk`;
    await createAdminUserRow(server.db, { email, password: "first-password-1", firstName: "Cara" });
    const page = await openSignedIn(mode, email);
    await page.getByRole("contentinfo").getByRole("link", { name: "Change password" }).click();
    await page.waitForURL(`${server.url}/admin/account/password`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Change your password");
    if (mode.javaScriptEnabled) {
      await waitForHydration(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }

    await changePassword(page, { current: "first-password-1", next: email.toUpperCase(), confirm: email.toUpperCase() });
    await expect.poll(() => page.locator("#new-password-error").textContent()).toBe("Please choose a password that is not your email address");
    expect(await page.getByTestId("error-summary").getByRole("link").allTextContents()).toEqual(["Please choose a password that is not your email address"]);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await labelled(page, "New password").getAttribute("aria-invalid")).toBe("true");

    await changePassword(page, { current: "first-password-1", next: "a-brand-new-password", confirm: "a-brand-new-passw0rd" });
    await expect.poll(() => page.locator("#confirm-password-error").textContent()).toBe("The two new passwords don't match");

    await changePassword(page, { current: "first-password-1", next: "a-brand-new-password", confirm: "a-brand-new-password" });
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => toastText(page)).toContain("Password changed");

    await page.getByRole("contentinfo").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.context().close();
    const old = await signIn(mode, "first-password-1", email);
    await expect.poll(() => old.getByRole("alert").filter({ hasText: "match" }).count()).toBe(1);
    await old.context().close();
    const fresh = await signIn(mode, "a-brand-new-password", email);
    await fresh.waitForURL(`${server.url}/admin/dashboard`);
    await fresh.context().close();
  });

  it("leads someone who signs in with a temporary password to choose their own before anything else", async () => {
    const email = `starter-${suffix(mode)}@clearlinebusiness.co.uk`;
    const expires = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    await createAdminUserRow(server.db, { email, password: "handed-out-pass", firstName: "Tess", temporaryPasswordExpiresAt: expires });
    const page = await signIn(mode, "handed-out-pass", email);
    await page.waitForURL(`${server.url}/admin/account/password`);
    await expect.poll(() => toastText(page)).toContain("Change your password");
    expect(await page.getByTestId("temporary-password-notice").textContent()).toContain("You signed in with a temporary password.");
    if (mode.javaScriptEnabled) await waitForHydration(page);

    // Every other screen leads back here until it is done.
    await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Leads" }).click();
    await expect.poll(() => toastText(page)).toContain("Choose your own password to continue.");
    await page.waitForURL(`${server.url}/admin/account/password`);

    await changePassword(page, { current: "handed-out-pass", next: "tess-own-password", confirm: "tess-own-password" }, "Current (temporary) password");
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => toastText(page)).toContain("Password changed");
    await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Leads" }).click();
    await page.waitForURL(`${server.url}/admin/leads`);
    await page.context().close();
  });

  it("tells a client that keeps getting the password wrong to wait", async () => {
    const email = `guessed-${suffix(mode)}@clearlinebusiness.co.uk`;
    await createAdminUserRow(server.db, { email, password: "the-real-password" });
    // Five wrong guesses from this machine (the browser is the same client) ...
    for (let attempt = 1; attempt <= 5; attempt++) {
      const guess = await fetch(`${server.url}/admin/api/login`, {
        method: "POST",
        body: new URLSearchParams({ email, password: `guess-${attempt}` }),
        redirect: "manual",
      });
      expect(guess.status).toBe(401);
    }
    // ... and even the right password waits.
    const page = await signIn(mode, "the-real-password", email);
    const alert = page.getByRole("alert").filter({ hasText: "Too many" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Too many failed sign-in attempts. Please wait 1 minute and try again.");
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
    await page.getByLabel("Email").fill(TEST_OWNER.email);
    await page.getByLabel("Password").fill(TEST_OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await waitForHydration(page);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.context().close();
  });
});
