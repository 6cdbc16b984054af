import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { sessionIdIn, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { PASSWORD_HASH_COST_LOG2 } from "~/platform/password.server";
import { clientSignedInBy, clientWith, publicClient, staffClient } from "../support/client";
import { testServerForSuite, type TestServer } from "../support/server";

/** The sign-in form's answer as it is (cookies, redirect, refusal): `staffClient` keeps only a session that worked. */
function signInRequest(server: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return publicClient(server).postForm("/admin/api/login", { email, password }, headers);
}

const HOURS = 3600_000;
/** The SESSION_SECRET every test server gets (scripts/built-server.js). */
const TEST_SESSION_SECRET = "test-session-secret-0123456789";

describe("the account from ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  // At the production cost (a test run's servers hash at a low one) and on a fresh database: the owner is made by this server, not a template.
  const server = testServerForSuite(TEST_OWNER_ENV, { tuning: { passwordHashCostLog2: PASSWORD_HASH_COST_LOG2 } });

  it("makes that account an active super admin at start-up, with the password stored as a slow hash", async () => {
    await waitForAdminUser(server.db, TEST_OWNER.email);
    const owner = await server.db.selectFrom("adminUsers").selectAll().where("email", "=", TEST_OWNER.email).executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ role: "super_admin", isActive: 1 });
    // scrypt N=2^17, r=8, p=1; and no temporary password: ADMIN_PASSWORD is the operator's own.
    expect(owner.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(owner.temporaryPasswordExpiresAt).toBeNull();
    expect(owner.passwordHash).not.toContain(TEST_OWNER.password);
  });
});

describe("local sign-in with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);

  it("keeps every admin page out of search engines", async () => {
    const visitor = publicClient(server);
    for (const path of ["/admin", "/admin/api/login", "/admin/dashboard"]) {
      const response = await visitor.get(path);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    expect((await visitor.get("/")).headers.get("x-robots-tag")).toBeNull();
  });

  it("lets no browser or proxy keep a portal page or its data", async () => {
    const owner = await staffClient(server, "super_admin");
    for (const path of [
      "/admin",
      "/admin/api/login",
      "/admin/dashboard",
      "/admin/leads",
      "/admin/users",
      "/admin/leads?_data=routes%2Fadmin.leads",
      "/admin/nowhere",
    ]) {
      const response = await owner.get(path);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    await owner.post("/admin/api/logout");
  });

  it("keeps the portal's headers however its address is spelt, and sends other spellings of a page to its one address", async () => {
    const owner = await staffClient(server, "super_admin");
    for (const [path, canonical] of [
      ["/ADMIN/leads", "/admin/leads"],
      ["/Admin/Dashboard", "/admin/dashboard"],
      ["/%61dmin/leads", "/admin/leads"],
      ["/admin//leads", "/admin/leads"],
      ["/admin/leads/", "/admin/leads"],
      ["/ADMIN/leads?status=new", "/admin/leads?status=new"],
    ]) {
      const response = await owner.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(canonical);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    // A write is never redirected; its answer still carries the portal's headers.
    for (const path of ["/ADMIN/api/testimonials", "/%61dmin/api/testimonials"]) {
      const response = await owner.postJson(path, {});
      expect(response.status, path).not.toBe(301);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    await owner.post("/admin/api/logout");
  });

  it("signs in, answers /admin/api/auth/user, and signs out for good", async () => {
    const response = await signInRequest(server, TEST_OWNER.email, TEST_OWNER.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const cookieHeader = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))!;
    expect(cookieHeader).toMatch(/HttpOnly/);
    expect(cookieHeader).toMatch(/SameSite=Lax/);
    // Plain http on this machine: the cookie is not Secure, so sign-in works on a laptop.
    expect(cookieHeader).not.toMatch(/Secure/);
    const session = clientSignedInBy(server, response);

    const me = await session.get("/admin/api/auth/user");
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ email: TEST_OWNER.email, role: "super_admin", firstName: "Site" });
    expect(body).not.toHaveProperty("passwordHash");

    // "Site Administrator" is no one's name: the dashboard greets the owner by their address (owner@...).
    const dashboard = await session.get("/admin/dashboard");
    expect(await dashboard.text()).toContain("Welcome back, Owner");

    const signOut = await session.post("/admin/api/logout");
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("/admin");
    expect(await server.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    // The old cookie is worthless now.
    expect((await session.get("/admin/api/auth/user")).status).toBe(401);
  });

  it("signs out only on a POST from the site itself: a GET shows a Sign out button, a cross-site POST is refused", async () => {
    const owner = await staffClient(server, "super_admin");
    const signedIn = async () => (await owner.get("/admin/api/auth/user")).status === 200;

    // A GET (a link or an image on any site can send one) signs nobody out.
    const page = await owner.get("/admin/api/logout");
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((header) => header.startsWith("__session="))).toBe(false);
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/admin\/api\/logout"[^>]*>\s*<button type="submit"[^>]*>Sign out<\/button>/);
    expect(await signedIn()).toBe(true);

    // A POST from another site's page is refused and ends nothing.
    const crossSite = await owner.post("/admin/api/logout", undefined, { Origin: "http://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await signedIn()).toBe(true);

    // From the site itself: signed out, the session row gone.
    const sameSite = await owner.post("/admin/api/logout");
    expect(sameSite.status).toBe(302);
    expect(sameSite.headers.get("location")).toBe("/admin");
    expect(sameSite.headers.getSetCookie().find((header) => header.startsWith("__session="))).toMatch(/Max-Age=0/);
    expect(await signedIn()).toBe(false);

    // Signed out already, the GET page just leads to the sign-in screen.
    expect((await owner.get("/admin/api/logout")).headers.get("location")).toBe("/admin");
  });

  it("gives a user added by a super admin a temporary password, shown once, that signs them in to change it", async () => {
    const owner = await staffClient(server, "super_admin");
    const issuedFrom = Date.now();
    const created = await owner.postJson("/admin/api/users", {
      email: "newstarter@clearlinebusiness.co.uk",
      firstName: "Nina",
      lastName: "Newstarter",
      role: "manager",
    });
    const issuedBy = Date.now();
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.temporaryPassword).toMatch(/^\S{16,}$/);
    const row = await server.db.selectFrom("adminUsers").selectAll().where("email", "=", "newstarter@clearlinebusiness.co.uk").executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain(body.temporaryPassword);
    expect(await owner.get("/admin/api/users").then((r) => r.text())).not.toContain(body.temporaryPassword);

    // Temporary: it expires in 7 days, and signing in with it leads to the change-password screen.
    const expires = Date.parse(row.temporaryPasswordExpiresAt!);
    // Seven days from the moment it was issued, however long the request took.
    expect(expires).toBeGreaterThanOrEqual(issuedFrom + 7 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(issuedBy + 7 * 24 * 3600_000);
    const signedIn = await signInRequest(server, "newstarter@clearlinebusiness.co.uk", body.temporaryPassword);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin/account/password");
  });

  it("names the session cookie __Host-session over HTTPS (Secure, Path=/, no Domain), and __session over plain HTTP", async () => {
    const overHttps = { "X-Forwarded-Proto": "https" };
    const response = await signInRequest(server, TEST_OWNER.email, TEST_OWNER.password, overHttps);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-session="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
    const session = clientSignedInBy(server, response);
    expect((await session.get("/admin/api/auth/user", overHttps)).status).toBe(200);
    // Over HTTPS only the prefixed name counts: the same signed id under the plain name (which a
    // neighbouring site or a plain-HTTP page could have set) signs nobody in.
    const unprefixed = clientWith(server, session.cookie.replace(/^__Host-session=/, "__session="));
    expect((await unprefixed.get("/admin/api/auth/user", overHttps)).status).toBe(401);
    // Signing out over HTTPS clears the prefixed cookie.
    const signedOut = await session.post("/admin/api/logout", undefined, overHttps);
    expect(signedOut.headers.getSetCookie().some((header) => /^__Host-session=;.*Max-Age=0/i.test(header))).toBe(true);

    const plain = await signInRequest(server, TEST_OWNER.email, TEST_OWNER.password);
    const plainCookie = plain.headers.getSetCookie().find((header) => header.startsWith("__session="));
    expect(plainCookie).toBeDefined();
    expect(plainCookie).not.toMatch(/Secure/i);
  });

  it("keeps no usable session id in the database: the sessions table holds only its SHA-256", async () => {
    const owner = await staffClient(server, "super_admin");
    const sessionId = sessionIdIn(owner.cookie);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await server.db.selectFrom("sessions").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(sessionId);
    }
    const hash = crypto.createHash("sha256").update(sessionId).digest("hex");
    expect(rows.filter((row) => Object.values(row).includes(hash))).toHaveLength(1);
    // A value read from the table is no use as a cookie, even signed with the server's secret.
    const forged = await createCookie("__session", { secrets: [TEST_SESSION_SECRET] }).serialize(hash);
    expect((await clientWith(server, forged.split(";")[0]).get("/admin/api/auth/user")).status).toBe(401);
    expect((await owner.get("/admin/api/auth/user")).status).toBe(200);
  });

  it("answers 401 to /admin/api/auth/user when signed out", async () => {
    const response = await publicClient(server).get("/admin/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("refuses a wrong password or an unknown email with one message that reveals nothing", async () => {
    for (const [email, password] of [
      [TEST_OWNER.email, "not-the-password"],
      ["nobody@example.co.uk", "whatever-it-is"],
    ]) {
      const response = await signInRequest(server, email, password);
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("That email and password don&#x27;t match an admin account.");
    }
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await signInRequest(server, TEST_OWNER.email, TEST_OWNER.password, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
  });

  it("ends a session after the idle time without requests", async () => {
    const owner = await staffClient(server, "super_admin");
    expect((await owner.get("/admin/api/auth/user")).status).toBe(200);
    await server.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await owner.get("/admin/api/auth/user")).status).toBe(401);
  });

  it("ends a session 12 hours after sign-in however busy it has been", async () => {
    const owner = await staffClient(server, "super_admin");
    // Signed in long ago but busy all along: the idle time alone would keep it alive.
    const signedInAgo = (ms: number) =>
      server.db
        .updateTable("sessions")
        .set({
          createdAt: new Date(Date.now() - ms).toISOString(),
          lastSeenAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + HOURS).toISOString(),
        })
        .where("adminUserId", "=", owner.user.id)
        .execute();
    await signedInAgo(11.9 * HOURS);
    expect((await owner.get("/admin/api/auth/user")).status).toBe(200);
    await signedInAgo(12 * HOURS + 60_000);
    expect((await owner.get("/admin/api/auth/user")).status).toBe(401);
    const page = await owner.get("/admin/dashboard");
    expect(page.headers.get("location")).toBe("/admin");
  });

  it("signs a user out on their next request once they are deactivated", async () => {
    const owner = await staffClient(server, "super_admin");
    await server.db.updateTable("adminUsers").set({ isActive: 0 }).where("email", "=", TEST_OWNER.email).execute();
    try {
      expect((await owner.get("/admin/api/auth/user")).status).toBe(401);
      const page = await owner.get("/admin/dashboard");
      expect(page.headers.get("location")).toBe("/admin");
    } finally {
      await server.db.updateTable("adminUsers").set({ isActive: 1 }).where("email", "=", TEST_OWNER.email).execute();
    }
  });

  it("sends signed-out visitors where SPEC section 8 says, with its toasts", async () => {
    for (const [path, location, text] of [
      ["/admin/dashboard", "/admin", "You need to sign in to access the admin panel."],
      ["/admin/settings", "/admin", "You need to sign in to access the admin panel."],
    ]) {
      const visitor = publicClient(server);
      const response = await visitor.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(location);
      expect(
        response.headers.getSetCookie().some((cookie) => cookie.startsWith("toast=")),
        path,
      ).toBe(true);
      const landing = await (await visitor.follow(response)).text();
      expect(landing).toContain("Access Denied");
      expect(landing).toContain(text);
    }
  });
});

describe("the first start with no admin settings", () => {
  const server = testServerForSuite();

  it("creates one super admin, keeps its one-time password in a file only the server's user can read, and logs where, not the password", async () => {
    const file = path.join(server.dataDir, "first-admin-password.txt");
    await expect.poll(() => server.output()).toContain("First super admin created");
    const logLine = server
      .output()
      .split("\n")
      .find((line) => line.includes("First super admin created"))!;
    expect(logLine).toContain(file);
    expect(logLine).toContain("it must be changed at first sign-in and expires in 7 days");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, "utf8");
    const email = /^Email: (\S+)$/m.exec(text)![1];
    const password = /^One-time password: (\S+)$/m.exec(text)![1];
    expect(password).toMatch(/^\S{16,}$/);
    expect(server.output()).not.toContain(password);

    const users = await server.db.selectFrom("adminUsers").selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email, role: "super_admin", isActive: 1 });
    expect(users[0].temporaryPasswordExpiresAt).not.toBeNull();
    const response = await signInRequest(server, email, password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/account/password");

    // Once it is changed, the file goes.
    const changed = await clientSignedInBy(server, response).postForm("/admin/account/password", {
      currentPassword: password,
      newPassword: "a-password-of-my-own",
      confirmPassword: "a-password-of-my-own",
    });
    expect(changed.headers.get("location")).toBe("/admin/dashboard");
    expect(fs.existsSync(file)).toBe(false);
  });
});
