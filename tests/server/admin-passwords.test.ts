import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cookieTexts,
  createAdminUserRow,
  sessionCookieIn,
  sessionIdIn,
  signIn,
  signInFrom,
  TEST_OWNER,
  TEST_OWNER_ENV,
  testPasswordHash,
} from "../support/admin";
import { clientSignedInBy, clientWith, publicClient, staffClient, type Client } from "../support/client";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { PASSWORD_HASH_COST_LOG2 } from "~/platform/password.server";
import { forSuite } from "../support/suite";

/** Changing one's password, temporary passwords (changed at first sign-in, 7 days), resets by a super admin. */

const CHANGE_PAGE = "/admin/account/password";

const isSignedIn = async (client: Client) => (await client.get("/admin/api/auth/user")).status === 200;

describe("passwords", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);
  const owner = forSuite(() => staffClient(server, "super_admin"));
  const userRow = (email: string) => server.db.selectFrom("adminUsers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("lets a signed-in user change their password: rules by the field, then only the new one works, this browser stays signed in under a new session id and their other sessions end", async () => {
    const here = await staffClient(server, "manager", { email: "changer@clearlinebusiness.co.uk", password: "first-password-1" });
    const { user } = here;
    const elsewhere = clientWith(server, await signIn(server, user.email, "first-password-1"));

    const page = await here.get(CHANGE_PAGE);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Change your password");
    for (const [id, name, label] of [
      ["current-password", "currentPassword", "Current password"],
      ["new-password", "newPassword", "New password"],
      ["confirm-password", "confirmPassword", "Confirm new password"],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}`));
      expect(html).toMatch(new RegExp(`<input[^>]*id="${id}"[^>]*type="password"[^>]*name="${name}"`));
    }
    expect(html).toMatch(/<form method="post"/);

    const refusals: [Record<string, string>, string][] = [
      [{ currentPassword: "first-password-1", newPassword: "too-short", confirmPassword: "too-short" }, "Please choose a password of at least 12 characters"],
      [
        { currentPassword: "first-password-1", newPassword: user.email.toUpperCase(), confirmPassword: user.email.toUpperCase() },
        "Please choose a password that is not your email address",
      ],
      [
        { currentPassword: "first-password-1", newPassword: "first-password-1", confirmPassword: "first-password-1" },
        "Please choose a password different from your current one",
      ],
      [
        { currentPassword: "first-password-1", newPassword: "second-password-2", confirmPassword: "second-password-3" },
        "The two new passwords don&#x27;t match",
      ],
      [{ currentPassword: "", newPassword: "second-password-2", confirmPassword: "second-password-2" }, "Please enter your current password"],
      [{ currentPassword: "not-the-password", newPassword: "second-password-2", confirmPassword: "second-password-2" }, "That is not your current password."],
    ];
    for (const [fields, message] of refusals) {
      const response = await here.postForm(CHANGE_PAGE, fields);
      expect(response.status, message).toBe(400);
      const body = await response.text();
      expect(body).toContain(message);
      expect(body).toContain("There is a problem");
      // What was typed is never sent back.
      for (const typed of Object.values(fields).filter(Boolean)) expect(body).not.toContain(`value="${typed}"`);
    }
    expect((await userRow(user.email)).passwordHash).toBe(await testPasswordHash("first-password-1"));

    const changed = await here.postForm(CHANGE_PAGE, {
      currentPassword: "first-password-1",
      newPassword: "second-password-2",
      confirmPassword: "second-password-2",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/admin/dashboard");
    // A fresh session id replaces this browser's: whoever had learnt the old one has nothing.
    const renewed = sessionCookieIn(changed.headers.getSetCookie());
    expect(renewed).not.toBeNull();
    expect(sessionIdIn(renewed!)).not.toBe(sessionIdIn(here.cookie));
    const thisBrowser = clientWith(server, renewed!);
    const landing = await (await thisBrowser.follow(changed)).text();
    expect(landing).toContain("Password changed");

    expect(await isSignedIn(thisBrowser)).toBe(true);
    expect(await isSignedIn(here)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await signInFrom(server, "127.0.0.20", user.email, "first-password-1")).status).toBe(401);
    expect((await signInFrom(server, "127.0.0.20", user.email, "second-password-2")).status).toBe(302);
    const audit = await server.db.selectFrom("auditLog").selectAll().where("entityId", "=", user.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "user.password_changed", actorId: user.id })]);
  });

  it("refuses a common password (from the bundled list, or a common word with a year or digits added), and the old one keeps working", async () => {
    const here = await staffClient(server, "manager", { email: "predictable@clearlinebusiness.co.uk", password: "first-password-1" });
    const { user } = here;
    for (const common of ["Password1234", "Winter2025!!", "qwertyuiop123", "1q2w3e4r5t6y", "P@ssw0rd2024!"]) {
      const response = await here.postForm(CHANGE_PAGE, { currentPassword: "first-password-1", newPassword: common, confirmPassword: common });
      expect(response.status, common).toBe(400);
      const body = await response.text();
      expect(body).toContain(
        "This password is too common: it is one of the first that attackers try. Please choose another, such as three or four random words.",
      );
      expect(body).not.toContain(`value="${common}"`);
    }
    expect((await userRow(user.email)).passwordHash).toBe(await testPasswordHash("first-password-1"));
    expect((await signInFrom(server, "127.0.0.27", user.email, "first-password-1")).status).toBe(302);
  });

  it("keeps a user with a temporary password on the change screen: pages redirect there, JSON routes answer 403, until it is changed", async () => {
    const expires = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const user = await createAdminUserRow(server.db, {
      email: "starter@clearlinebusiness.co.uk",
      role: "admin",
      password: "handed-out-pass",
      temporaryPasswordExpiresAt: expires,
    });
    const answer = await signInFrom(server, "127.0.0.21", user.email, "handed-out-pass");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(CHANGE_PAGE);
    const starter = clientWith(server, answer.session!);

    for (const pagePath of ["/admin/dashboard", "/admin/leads", "/admin/users", "/admin/settings", "/admin/no-such-screen"]) {
      const response = await starter.get(pagePath);
      expect(response.status, pagePath).toBe(302);
      expect(response.headers.get("location"), pagePath).toBe(CHANGE_PAGE);
    }
    for (const apiPath of ["/admin/api/quote-requests", "/admin/api/users", "/admin/api/auth/user"]) {
      const response = await starter.get(apiPath);
      expect(response.status, apiPath).toBe(403);
      expect(await response.json()).toEqual({
        error: "Forbidden: change your temporary password first, at /admin/account/password",
        passwordChangeRequired: true,
      });
    }
    const page = await (await starter.get(CHANGE_PAGE)).text();
    expect(page).toContain("You signed in with a temporary password.");
    expect(page).toContain(`dateTime="${expires}"`);

    const changed = await starter.postForm(CHANGE_PAGE, {
      currentPassword: "handed-out-pass",
      newPassword: "my-own-password-1",
      confirmPassword: "my-own-password-1",
    });
    expect(changed.headers.get("location")).toBe("/admin/dashboard");
    expect((await userRow(user.email)).temporaryPasswordExpiresAt).toBeNull();
    const renewed = clientSignedInBy(server, changed);
    expect((await renewed.get("/admin/leads")).status).toBe(200);
    expect((await renewed.get("/admin/api/quote-requests")).status).toBe(200);
  });

  it("refuses an expired temporary password with the way out: ask a super admin for a reset", async () => {
    const user = await createAdminUserRow(server.db, {
      email: "late-starter@clearlinebusiness.co.uk",
      password: "handed-out-pass",
      temporaryPasswordExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const expired = await signInFrom(server, "127.0.0.22", user.email, "handed-out-pass");
    expect(expired.status).toBe(401);
    expect(expired.alert).toBe("Your temporary password has expired. Ask a super admin to reset your password.");
    expect(expired.session).toBeNull();
    // A wrong password is still just wrong: nothing says the account exists.
    expect((await signInFrom(server, "127.0.0.22", user.email, "a-wrong-one")).alert).toBe("That email and password don&#x27;t match an admin account.");
  });

  it("lets a super admin reset someone's password over JSON: a new temporary password shown once, the user signed out", async () => {
    const user = await createAdminUserRow(server.db, { email: "forgetful@clearlinebusiness.co.uk", role: "manager", password: "forgotten-password" });
    const theirSession = clientWith(server, await signIn(server, user.email, "forgotten-password"));
    // They had been guessing from their own machine; a reset lets them in from there at once.
    for (let attempt = 1; attempt <= 5; attempt++) await signInFrom(server, "127.0.0.23", user.email, `maybe-${attempt}`);

    const issuedFrom = Date.now();
    const reset = await owner.put(`/admin/api/users/${user.id}/reset-password`);
    const issuedBy = Date.now();
    expect(reset.status).toBe(200);
    const body = await reset.json();
    expect(body).toMatchObject({ id: user.id, email: user.email, role: "manager", isActive: true });
    expect(body.temporaryPassword).toMatch(/^\S{16,}$/);
    // Seven days from the moment it was issued, however long the request took.
    expect(Date.parse(body.temporaryPasswordExpiresAt)).toBeGreaterThanOrEqual(issuedFrom + 7 * 24 * 3600_000);
    expect(Date.parse(body.temporaryPasswordExpiresAt)).toBeLessThanOrEqual(issuedBy + 7 * 24 * 3600_000);
    expect(body).not.toHaveProperty("passwordHash");

    expect(await isSignedIn(theirSession)).toBe(false);
    expect((await signInFrom(server, "127.0.0.24", user.email, "forgotten-password")).status).toBe(401);
    const withTemporary = await signInFrom(server, "127.0.0.23", user.email, body.temporaryPassword);
    expect(withTemporary.status).toBe(302);
    expect(withTemporary.location).toBe(CHANGE_PAGE);
    expect(await server.db.selectFrom("auditLog").select(["action", "actorId", "summary"]).where("entityId", "=", user.id).execute()).toEqual([
      { action: "user.password_reset", actorId: owner.user.id, summary: "Reset Forgetful Tester's password" },
    ]);

    // Not one's own; only super admins; an unknown id is 404; PUT only; never from another site.
    const resetPath = `/admin/api/users/${user.id}/reset-password`;
    expect((await owner.put(`/admin/api/users/${owner.user.id}/reset-password`)).status).toBe(403);
    const manager = await staffClient(server, "manager", { email: "mgr@clearlinebusiness.co.uk", password: "manager-password" });
    expect((await manager.put(resetPath)).status).toBe(403);
    expect((await owner.put("/admin/api/users/user_0_nobody/reset-password")).status).toBe(404);
    expect((await owner.get(resetPath)).status).toBe(405);
    expect((await owner.put(resetPath, undefined, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await publicClient(server).put(resetPath)).status).toBe(401);
  });

  it("resets through the Users screen's dialog too, showing the new password once on the list", async () => {
    const user = await createAdminUserRow(server.db, { email: "dialog-reset@clearlinebusiness.co.uk", password: "forgotten-password", firstName: "Dee" });
    const dialog = await owner.get(`/admin/users/${user.id}/reset-password`);
    expect(dialog.status).toBe(200);
    expect(await dialog.text()).toContain("Give Dee Tester a new temporary password?");
    const posted = await owner.post(`/admin/users/${user.id}/reset-password`);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/admin/users");
    const list = await (await owner.follow(posted)).text();
    expect(list).toContain("Password reset successfully");
    expect(list).toContain("New temporary password for Dee Tester");
    const temporaryPassword = /data-testid="temporary-password">([^<]+)</.exec(list)![1];
    expect((await signInFrom(server, "127.0.0.25", user.email, temporaryPassword)).location).toBe(CHANGE_PAGE);
  });

  it("shows a temporary password from Add user or a reset once, to the super admin's session that made it alone, and never in a cookie", async () => {
    const otherSession = await signIn(server, TEST_OWNER.email, TEST_OWNER.password);
    const subject = await createAdminUserRow(server.db, { email: "reset-once@clearlinebusiness.co.uk", password: "forgotten-password", firstName: "Rae" });
    const post = (path: string, form: Record<string, string> = {}) => owner.postForm(path, form);
    const usersPage = async (cookies: string[]) => {
      const response = await clientWith(server, cookies.join("; ")).get("/admin/users");
      return { html: await response.text(), setCookies: response.headers.getSetCookie() };
    };
    const shownPassword = (html: string) => /data-testid="temporary-password">([^<]+)</.exec(html)?.[1];

    for (const [what, posted, email] of [
      [
        "Add user",
        () => post("/admin/users/new", { email: "added-once@clearlinebusiness.co.uk", firstName: "Ada", lastName: "Once", role: "manager" }),
        "added-once@clearlinebusiness.co.uk",
      ],
      ["Reset password", () => post(`/admin/users/${subject.id}/reset-password`), subject.email],
    ] as const) {
      const answer = await posted();
      expect(answer.status, what).toBe(302);
      expect(answer.headers.get("location"), what).toBe("/admin/users");
      const setCookies = answer.headers.getSetCookie();
      // Whatever else the browser was given (the toast), sent from another session of the same super admin.
      const otherCookies = setCookies.map((cookie) => cookie.split(";")[0]).filter((pair) => !pair.startsWith("__session="));
      const elsewhere = await usersPage([otherSession, ...otherCookies]);
      expect(elsewhere.html, what).not.toContain('data-testid="temporary-password"');

      const here = await usersPage([owner.cookie, ...otherCookies]);
      const password = shownPassword(here.html);
      expect(password, what).toMatch(/^\S{16,}$/);
      for (const text of cookieTexts([...setCookies, ...here.setCookies, ...elsewhere.setCookies])) expect(text, what).not.toContain(password);
      // Shown once: the next visit to the list no longer has it.
      expect((await usersPage([owner.cookie])).html, what).not.toContain('data-testid="temporary-password"');
      expect((await signInFrom(server, "127.0.0.26", email, password!)).location, what).toBe(CHANGE_PAGE);
    }
  });
});

describe("the cost of a stored password", () => {
  // At the production cost: a test run's servers hash at a low one.
  const server = testServerForSuite(TEST_OWNER_ENV, { tuning: { passwordHashCostLog2: PASSWORD_HASH_COST_LOG2 } });
  const userRow = (email: string) => server.db.selectFrom("adminUsers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("stores passwords with scrypt N=2^17 and upgrades a weaker stored hash at the next right sign-in", async () => {
    const salt = crypto.randomBytes(16);
    const weak = crypto.scryptSync("an-old-password", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const weakHash = ["scrypt", 2 ** 14, 8, 1, salt.toString("base64"), weak.toString("base64")].join("$");
    const user = await createAdminUserRow(server.db, { email: "old-hash@clearlinebusiness.co.uk" });
    await server.db.updateTable("adminUsers").set({ passwordHash: weakHash }).where("id", "=", user.id).execute();

    expect((await signInFrom(server, "127.0.0.26", user.email, "an-old-password")).status).toBe(302);
    const upgraded = (await userRow(user.email)).passwordHash!;
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await signInFrom(server, "127.0.0.26", user.email, "an-old-password")).status).toBe(302);
    expect((await userRow(user.email)).passwordHash).toBe(upgraded);
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD across restarts", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "restart-"));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("create that account when it is missing, and never undo what was changed since; the sign-in throttle outlives a restart", async () => {
    server = await startTestServer(TEST_OWNER_ENV, { dataDir });
    const owner = await server.db.selectFrom("adminUsers").selectAll().where("email", "=", TEST_OWNER.email).executeTakeFirstOrThrow();
    // Since then: another super admin demoted and deactivated the owner, who had also changed their password.
    await createAdminUserRow(server.db, { email: "second@clearlinebusiness.co.uk", role: "super_admin", password: "second-password" });
    const changedHash = await testPasswordHash("owner-changed-it-1");
    await server.db.updateTable("adminUsers").set({ role: "manager", isActive: 0, passwordHash: changedHash }).where("id", "=", owner.id).execute();
    // And someone had been guessing at the second super admin.
    for (let attempt = 1; attempt <= 5; attempt++) await signInFrom(server, "127.0.0.30", "second@clearlinebusiness.co.uk", `guess-${attempt}`);
    await server.stop();

    server = await startTestServer(TEST_OWNER_ENV, { dataDir });
    expect(await server.db.selectFrom("adminUsers").selectAll().where("id", "=", owner.id).executeTakeFirstOrThrow()).toMatchObject({
      role: "manager",
      isActive: 0,
      passwordHash: changedHash,
    });
    expect((await signInFrom(server, "127.0.0.30", "second@clearlinebusiness.co.uk", "second-password")).status).toBe(429);
    expect((await signInFrom(server, "127.0.0.31", "second@clearlinebusiness.co.uk", "second-password")).status).toBe(302);
    await server.stop();

    // A new ADMIN_EMAIL on the same data: that account is created, an active super admin with ADMIN_PASSWORD.
    server = await startTestServer({ ADMIN_EMAIL: "new-owner@clearlinebusiness.co.uk", ADMIN_PASSWORD: "new-owner-password" }, { dataDir });
    expect(
      await server.db.selectFrom("adminUsers").selectAll().where("email", "=", "new-owner@clearlinebusiness.co.uk").executeTakeFirstOrThrow(),
    ).toMatchObject({
      role: "super_admin",
      isActive: 1,
      temporaryPasswordExpiresAt: null,
    });
    expect((await signInFrom(server, "127.0.0.32", "new-owner@clearlinebusiness.co.uk", "new-owner-password")).location).toBe("/admin/dashboard");
  });
});

describe("a common ADMIN_PASSWORD", () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("is still applied, with a warning in the log to change it", async () => {
    server = await startTestServer({ ADMIN_EMAIL: "common-owner@clearlinebusiness.co.uk", ADMIN_PASSWORD: "Summer2024!!" });
    await expect.poll(() => server!.output()).toContain("ADMIN_PASSWORD is a common password");
    expect((await signInFrom(server, "127.0.0.33", "common-owner@clearlinebusiness.co.uk", "Summer2024!!")).status).toBe(302);
  });
});
