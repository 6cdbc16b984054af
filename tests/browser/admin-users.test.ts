import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import {
  isSameDocument,
  JS_MODES,
  launchBrowser,
  markDocument,
  openPage,
  seriousAccessibilityViolations,
  waitForHydration,
  type JsMode,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

const MANAGER = { email: "mina.manager@example.co.uk", password: "a-long-test-password" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await waitForAdminUser(server.db, TEST_OWNER.email);
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager", firstName: "Mina", lastName: "Shah" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The Users screen (or another admin path), signed in as `who`. */
async function openAsSignedIn(mode: JsMode, path = "/admin/users", who = TEST_OWNER): Promise<Page> {
  const page = await openPage(browser, mode);
  await signInBrowser(page.context(), server, who.email);
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const dialog = (page: Page, name?: string) => page.getByRole("dialog", name ? { name } : undefined);
const row = (page: Page, text: string) => page.getByTestId("admin-user-row").filter({ hasText: text });
const toastText = (page: Page) => page.getByTestId("toast").textContent();
const userByEmail = (email: string) => server.db.selectFrom("adminUsers").selectAll().where("email", "=", email).executeTakeFirst();
const suffix = (mode: JsMode) => (mode.javaScriptEnabled ? "js" : "nojs");

/** With scripts, a marker on `window` survives only client-side navigation. */
async function markPage(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) await markDocument(page);
}
async function expectSamePage(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) expect(await isSameDocument(page)).toBe(true);
}

describe.each(JS_MODES)("Users screen $name", (mode) => {
  it("shows the summary, the list with a You badge, and no controls on one's own row", async () => {
    const other = await createAdminUserRow(server.db, { email: `summary-${suffix(mode)}@example.co.uk`, role: "admin", firstName: "Oscar", lastName: "Reid" });
    const page = await openAsSignedIn(mode);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("User Management");
    const cards = await page.getByTestId("user-summary-card").allTextContents();
    const users = await server.db.selectFrom("adminUsers").select(["role", "isActive"]).execute();
    expect(cards).toEqual([
      `Total Users${users.length}`,
      `Active Users${users.filter((user) => user.isActive).length}`,
      `Super Admins${users.filter((user) => user.role === "super_admin").length}`,
      `Inactive Users${users.filter((user) => !user.isActive).length}`,
    ]);

    const mine = row(page, TEST_OWNER.email);
    expect(await mine.textContent()).toContain("You");
    expect(await mine.textContent()).toContain("Super Admin");
    expect(await mine.textContent()).toContain("Active");
    expect(await mine.getByRole("link").count()).toBe(0);

    const theirs = row(page, other.email);
    expect(await theirs.textContent()).not.toContain("You");
    expect(await theirs.getByText("Admin", { exact: true }).isVisible()).toBe(true);
    expect(await theirs.getByRole("link", { name: "Edit role for Oscar Reid" }).isVisible()).toBe(true);
    expect(await theirs.getByRole("link", { name: "Deactivate Oscar Reid" }).isVisible()).toBe(true);
    expect(await theirs.getByRole("link", { name: "Reset password for Oscar Reid" }).isVisible()).toBe(true);
    expect(await theirs.getByText(/^Joined \d{1,2} [A-Z][a-z]{2} \d{4}$/).isVisible()).toBe(true);
    // axe runs as a page script, so only where scripts run.
    if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("adds an admin user through the dialog: it is in the list and in the database", async () => {
    const email = `new-starter-${suffix(mode)}@example.co.uk`;
    const page = await openAsSignedIn(mode);
    await markPage(page, mode);
    await page.getByRole("link", { name: "Add Admin User" }).click();
    const add = dialog(page, "Add Admin User");
    await add.waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/users/new");
    expect(await add.getAttribute("aria-modal")).toBe("true");
    // This server signs staff in locally, so the dialog says a temporary password will be shown.
    expect(await add.textContent()).toContain("temporary password");
    // The list is still there behind the dialog.
    expect(await page.getByRole("heading", { name: "User Management" }).count()).toBe(1);
    expect(await add.getByLabel("Email").getAttribute("type")).toBe("email");
    expect(await add.getByLabel("Role").inputValue()).toBe("admin");
    // axe runs as a page script, so only where scripts run.
    if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await add.getByLabel("Email").fill(email);
    await add.getByLabel("First Name").fill("Nia");
    await add.getByLabel("Last Name").fill("Okoro");
    await add.getByLabel("Role").selectOption({ label: "Manager" });
    await add.getByRole("button", { name: "Create User" }).click();

    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => toastText(page)).toContain("Admin user created successfully");
    await expect.poll(() => dialog(page).count()).toBe(0);
    const added = row(page, email);
    expect(await added.textContent()).toContain("Nia Okoro");
    expect(await added.textContent()).toContain("Manager");
    expect(await userByEmail(email)).toMatchObject({ firstName: "Nia", lastName: "Okoro", role: "manager", isActive: 1 });
    await expectSamePage(page, mode);

    // Local sign-in: the new user's temporary password is shown once, and it works.
    const invite = page.getByTestId("new-user-invite");
    expect(await invite.textContent()).toContain(email);
    const temporaryPassword = (await page.getByTestId("temporary-password").textContent())!;
    const signedIn = await fetch(`${server.url}/admin/api/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: temporaryPassword }),
      redirect: "manual",
    });
    expect(signedIn.status).toBe(302);
    // It is temporary: the first stop is the change-password screen.
    expect(signedIn.headers.get("location")).toBe("/admin/account/password");
    await page.reload();
    expect(await page.getByTestId("new-user-invite").count()).toBe(0);
    await page.context().close();
  });

  it("keeps the dialog open with its error summary and the values typed when a name is blank, and says why a duplicate fails", async () => {
    const email = `blank-name-${suffix(mode)}@example.co.uk`;
    const page = await openAsSignedIn(mode, "/admin/users/new");
    const add = dialog(page, "Add Admin User");
    await add.getByLabel("Email").fill(email);
    // Spaces get past the browser's own check but are not a name.
    await add.getByLabel("First Name").fill("   ");
    await add.getByLabel("Last Name").fill("Okafor");
    await add.getByRole("button", { name: "Create User" }).click();

    const summary = add.getByTestId("error-summary");
    await expect.poll(() => summary.getByRole("link").allTextContents()).toEqual(["Please enter a first name"]);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await add.locator("#new-user-first-name-error").textContent()).toBe("Please enter a first name");
    expect(await add.getByLabel("First Name").getAttribute("aria-invalid")).toBe("true");
    expect(await add.getByLabel("Email").inputValue()).toBe(email);
    expect(await add.getByLabel("Last Name").inputValue()).toBe("Okafor");
    expect(await userByEmail(email)).toBeUndefined();

    // An email that is already an admin user: the model's reason is shown in the dialog.
    await add.getByLabel("Email").fill(MANAGER.email.toUpperCase());
    await add.getByLabel("First Name").fill("Mina");
    await add.getByRole("button", { name: "Create User" }).click();
    await expect.poll(() => summary.textContent()).toContain("An admin user with this email already exists");
    expect(await summary.textContent()).not.toContain("Please enter a first name");
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/admin/users/new");
    await page.context().close();
  });

  it("changes a user's role", async () => {
    const user = await createAdminUserRow(server.db, { email: `role-${suffix(mode)}@example.co.uk`, role: "admin", firstName: "Rhys", lastName: "Evans" });
    const page = await openAsSignedIn(mode);
    await markPage(page, mode);
    await row(page, user.email).getByRole("link", { name: "Edit role for Rhys Evans" }).click();
    const edit = dialog(page, "Edit User Role");
    await edit.waitFor();
    const options = await edit.getByLabel("Role").locator("option").allTextContents();
    expect(options).toEqual(["Administrator", "Super Administrator", "Manager"]);
    expect(await edit.getByLabel("Role").inputValue()).toBe("admin");
    await edit.getByLabel("Role").selectOption({ label: "Super Administrator" });
    await edit.getByRole("button", { name: "Save" }).click();

    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => toastText(page)).toContain("User role updated successfully");
    expect(await row(page, user.email).textContent()).toContain("Super Admin");
    expect((await userByEmail(user.email))?.role).toBe("super_admin");
    await expectSamePage(page, mode);
    await page.context().close();
  });

  it("deactivates a user after the exact confirmation, then reactivates them", async () => {
    const user = await createAdminUserRow(server.db, { email: `status-${suffix(mode)}@example.co.uk`, role: "manager", firstName: "Dev", lastName: "Patel" });
    const page = await openAsSignedIn(mode);
    await row(page, user.email).getByRole("link", { name: "Deactivate Dev Patel" }).click();
    const confirm = dialog(page, "Deactivate User");
    await confirm.waitFor();
    expect(await confirm.getByText(/^Are you sure/).textContent()).toBe(
      "Are you sure you want to deactivate Dev Patel? They will lose access to the admin portal.",
    );
    await confirm.getByRole("button", { name: "Deactivate" }).click();

    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => toastText(page)).toContain("User deactivated successfully");
    await expect.poll(() => row(page, user.email).textContent()).toContain("Inactive");
    expect((await userByEmail(user.email))?.isActive).toBe(0);
    expect(await row(page, user.email).getByRole("link", { name: "Deactivate Dev Patel" }).count()).toBe(0);

    await row(page, user.email).getByRole("link", { name: "Reactivate Dev Patel" }).click();
    const back = dialog(page, "Reactivate User");
    await back.getByRole("button", { name: "Reactivate" }).click();
    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => toastText(page)).toContain("User reactivated successfully");
    await expect.poll(() => row(page, user.email).getByText("Active", { exact: true }).count()).toBe(1);
    expect((await userByEmail(user.email))?.isActive).toBe(1);
    await page.context().close();
  });

  it("resets a user's password: the new temporary one is shown once, and must be changed at sign-in", async () => {
    const user = await createAdminUserRow(server.db, {
      email: `reset-${suffix(mode)}@example.co.uk`,
      role: "manager",
      firstName: "Rosa",
      lastName: "Quinn",
      password: "forgotten-pass-1",
    });
    const page = await openAsSignedIn(mode);
    await markPage(page, mode);
    await row(page, user.email).getByRole("link", { name: "Reset password for Rosa Quinn" }).click();
    const confirm = dialog(page, "Reset Password");
    await confirm.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${user.id}/reset-password`);
    expect(await confirm.textContent()).toContain("Give Rosa Quinn a new temporary password?");
    if (mode.javaScriptEnabled) expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Reset password" }).click();

    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => toastText(page)).toContain("Password reset successfully");
    await expect.poll(() => dialog(page).count()).toBe(0);
    const shown = page.getByTestId("new-user-invite");
    expect(await shown.getByRole("heading").textContent()).toContain("New temporary password for Rosa Quinn");
    const temporaryPassword = (await shown.getByTestId("temporary-password").textContent())!;
    await expectSamePage(page, mode);

    const login = (password: string) =>
      fetch(`${server.url}/admin/api/login`, { method: "POST", body: new URLSearchParams({ email: user.email, password }), redirect: "manual" });
    expect((await login("forgotten-pass-1")).status).toBe(401);
    expect((await login(temporaryPassword)).headers.get("location")).toBe("/admin/account/password");
    await page.reload();
    expect(await page.getByTestId("new-user-invite").count()).toBe(0);
    await page.context().close();
  });

  it("closes a dialog with Cancel, back to the list", async () => {
    const page = await openAsSignedIn(mode, "/admin/users/new");
    await dialog(page, "Add Admin User").getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.context().close();
  });

  it("answers an unknown user with 'User not found' inside the dialog, the list still behind", async () => {
    const page = await openPage(browser, mode);
    await signInBrowser(page.context(), server, TEST_OWNER.email);
    const response = await page.goto(`${server.url}/admin/users/user_0_nobody/deactivate`);
    expect(response?.status()).toBe(404);
    expect(await dialog(page, "User not found").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "User Management" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows a manager the list without Add, edit or deactivate controls, and refuses them the dialogs", async () => {
    const page = await openAsSignedIn(mode, "/admin/users", MANAGER);
    expect(await row(page, TEST_OWNER.email).isVisible()).toBe(true);
    expect(await row(page, MANAGER.email).textContent()).toContain("You");
    expect(await page.getByRole("link", { name: "Add Admin User" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^(Edit role|Deactivate|Reactivate|Reset password)/ }).count()).toBe(0);

    await page.goto(`${server.url}/admin/users/new`);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    expect(await toastText(page)).toContain("Access Denied");
    await page.context().close();
  });

  it("sends a signed-out visitor to the sign-in screen with 'Access Denied'", async () => {
    const page = await openPage(browser, mode);
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(`${server.url}/admin`);
    expect(await toastText(page)).toContain("Access Denied");
    expect(await toastText(page)).toContain("You need to sign in to access user management.");
    await page.context().close();
  });
});

describe("Users dialogs with JavaScript", () => {
  const mode = JS_MODES[1];

  it("moves focus in, keeps Tab inside, closes on Escape and gives focus back to the opener", async () => {
    const page = await openAsSignedIn(mode);
    const opener = page.getByRole("link", { name: "Add Admin User" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const add = dialog(page, "Add Admin User");
    await add.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("new-user-email");

    // Tab from the last control goes to the first; Shift+Tab from the first goes to the last.
    await add.getByRole("button", { name: "Create User" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Create User");
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add Admin User");
    await page.context().close();
  });

  it("closes when the backdrop is clicked", async () => {
    const page = await openAsSignedIn(mode, "/admin/users/new");
    await dialog(page, "Add Admin User").waitFor();
    await page.mouse.click(5, 5);
    await page.waitForURL(`${server.url}/admin/users`);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.context().close();
  });
});
