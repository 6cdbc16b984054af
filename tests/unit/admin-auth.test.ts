import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@clearlinebusiness.co.uk", password: "correct-horse-battery" };

function signInRequest(server: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/api/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
    headers,
  });
}

function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (!header) throw new Error(`No session cookie (status ${response.status})`);
  return header.split(";")[0];
}

describe("local sign-in with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("keeps every admin page out of search engines", async () => {
    for (const path of ["/admin", "/admin/api/login", "/admin/dashboard"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    expect((await fetch(`${server.url}/`)).headers.get("x-robots-tag")).toBeNull();
  });

  it("lets no browser or proxy keep a portal page or its data", async () => {
    const cookie = sessionCookie(await signInRequest(server, OWNER.email, OWNER.password));
    for (const path of ["/admin", "/admin/api/login", "/admin/dashboard", "/admin/leads", "/admin/users", "/admin/leads?_data=routes%2Fadmin.leads", "/admin/nowhere"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    await fetch(`${server.url}/admin/api/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: server.url } });
  });

  it("makes that account an active super admin at start-up, with the password stored as a slow hash", async () => {
    const owner = await server.db.selectFrom("adminUsers").selectAll().where("email", "=", OWNER.email).executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ role: "super_admin", isActive: 1 });
    expect(owner.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(owner.passwordHash).not.toContain(OWNER.password);
  });

  it("signs in, answers /admin/api/auth/user, and signs out for good", async () => {
    const response = await signInRequest(server, OWNER.email, OWNER.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const cookieHeader = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))!;
    expect(cookieHeader).toMatch(/HttpOnly/);
    expect(cookieHeader).toMatch(/SameSite=Lax/);
    // Plain http on this machine: the cookie is not Secure, so sign-in works on a laptop.
    expect(cookieHeader).not.toMatch(/Secure/);
    const cookie = sessionCookie(response);

    const me = await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ email: OWNER.email, role: "super_admin", firstName: "Site" });
    expect(body).not.toHaveProperty("passwordHash");

    const dashboard = await fetch(`${server.url}/admin/dashboard`, { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toMatch(/Welcome back, (<!-- -->)?Site/);

    const signOut = await fetch(`${server.url}/admin/api/logout`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(signOut.headers.get("location")).toBe("/admin");
    expect(await server.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    // The old cookie is worthless now.
    expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("gives a user added by a super admin a temporary password, shown once, that signs them in", async () => {
    const cookie = sessionCookie(await signInRequest(server, OWNER.email, OWNER.password));
    const created = await fetch(`${server.url}/admin/api/users`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "newstarter@clearlinebusiness.co.uk", firstName: "Nina", lastName: "Newstarter", role: "manager" }),
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.temporaryPassword).toMatch(/^\S{16,}$/);
    const row = await server.db.selectFrom("adminUsers").selectAll().where("email", "=", "newstarter@clearlinebusiness.co.uk").executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain(body.temporaryPassword);
    expect((await fetch(`${server.url}/admin/api/users`, { headers: { Cookie: cookie } }).then((r) => r.text()))).not.toContain(body.temporaryPassword);

    const signedIn = await signInRequest(server, "newstarter@clearlinebusiness.co.uk", body.temporaryPassword);
    expect(signedIn.status).toBe(302);
    const me = await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: sessionCookie(signedIn) } });
    expect(await me.json()).toMatchObject({ firstName: "Nina", role: "manager" });
  });

  it("marks the session cookie Secure when the site is reached over HTTPS", async () => {
    const response = await signInRequest(server, OWNER.email, OWNER.password, { "X-Forwarded-Proto": "https" });
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))).toMatch(/Secure/);
  });

  it("answers 401 to /admin/api/auth/user when signed out", async () => {
    const response = await fetch(`${server.url}/admin/api/auth/user`);
    expect(response.status).toBe(401);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("refuses a wrong password or an unknown email with one message that reveals nothing", async () => {
    for (const [email, password] of [
      [OWNER.email, "not-the-password"],
      ["nobody@example.co.uk", "whatever-it-is"],
    ]) {
      const response = await signInRequest(server, email, password);
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("That email and password don&#x27;t match an admin account.");
    }
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await signInRequest(server, OWNER.email, OWNER.password, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
  });

  it("ends a session after the idle time without requests", async () => {
    const cookie = sessionCookie(await signInRequest(server, OWNER.email, OWNER.password));
    expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(200);
    await server.db.updateTable("sessions").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("signs a user out on their next request once they are deactivated", async () => {
    const cookie = sessionCookie(await signInRequest(server, OWNER.email, OWNER.password));
    await server.db.updateTable("adminUsers").set({ isActive: 0 }).where("email", "=", OWNER.email).execute();
    try {
      expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
      const page = await fetch(`${server.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.headers.get("location")).toBe("/admin");
    } finally {
      await server.db.updateTable("adminUsers").set({ isActive: 1 }).where("email", "=", OWNER.email).execute();
    }
  });

  it("locks an account for a while after five wrong passwords, even against the right one", async () => {
    const now = new Date().toISOString();
    const { hashPassword } = await import("~/services/password.server");
    await server.db
      .insertInto("adminUsers")
      .values({ id: "user_lock_test", email: "guessed@clearlinebusiness.co.uk", firstName: "Gus", lastName: "Guessed", role: "manager", isActive: 1, profileImageUrl: null, passwordHash: await hashPassword("the-real-password"), createdAt: now, updatedAt: now })
      .execute();
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await (await signInRequest(server, "guessed@clearlinebusiness.co.uk", `guess-${attempt}`)).text()).toContain("don&#x27;t match");
    }
    const fifth = await signInRequest(server, "guessed@clearlinebusiness.co.uk", "guess-5");
    expect(await fifth.text()).toContain("locked for 15 minutes");
    const right = await signInRequest(server, "guessed@clearlinebusiness.co.uk", "the-real-password");
    expect(right.status).toBe(401);
    expect(await right.text()).toContain("locked for 15 minutes");

    await server.db.updateTable("adminUsers").set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).where("id", "=", "user_lock_test").execute();
    expect((await signInRequest(server, "guessed@clearlinebusiness.co.uk", "the-real-password")).status).toBe(302);
  });

  it("sends signed-out visitors where SPEC section 8 says, with its toasts", async () => {
    for (const [path, location, text] of [
      ["/admin/dashboard", "/admin", "You need to sign in to access the admin panel."],
      ["/admin/settings", "/admin", "You need to sign in to access the admin panel."],
    ]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(location);
      const toastCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="))!.split(";")[0];
      const landing = await (await fetch(`${server.url}${location}`, { headers: { Cookie: toastCookie } })).text();
      expect(landing).toContain("Access Denied");
      expect(landing).toContain(text);
    }
  });
});

describe("the first start with no admin settings", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("creates one super admin and prints its one-time password, which signs in", async () => {
    await expect.poll(() => server.output()).toMatch(/one-time password: \S+/);
    const [, email, password] = server.output().match(/Sign in at \/admin with (\S+) and this one-time password: (\S+)/)!;
    const users = await server.db.selectFrom("adminUsers").selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email, role: "super_admin", isActive: 1 });
    const response = await signInRequest(server, email, password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
  });
});
