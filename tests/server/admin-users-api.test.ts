import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "~/lib/admin-users";
import { createAdminUserRow, signIn, waitForAdminUser } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The admin users JSON routes (SPEC section 7) against the built server:
 * GET/POST /admin/api/users, PUT /admin/api/users/:userId/role,
 * PUT /admin/api/users/:userId/deactivate (and the extra /reactivate).
 */

const OWNER = { email: "owner@example.co.uk", password: "correct-horse-battery" };
const PASSWORD = "a-long-test-password";

let server: TestServer;
let owner: AdminUser;
/** Cookie headers by role. */
const cookies = { superAdmin: "", manager: "", admin: "" };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  owner = await waitForAdminUser(server.db, OWNER.email);
  await createAdminUserRow(server.db, { email: "mo.manager@example.co.uk", role: "manager", password: PASSWORD });
  await createAdminUserRow(server.db, { email: "ada.admin@example.co.uk", role: "admin", password: PASSWORD });
  [cookies.superAdmin, cookies.manager, cookies.admin] = await Promise.all([
    signIn(server, OWNER.email, OWNER.password),
    signIn(server, "mo.manager@example.co.uk", PASSWORD),
    signIn(server, "ada.admin@example.co.uk", PASSWORD),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

interface CallOptions {
  method?: string;
  cookie?: string;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

function call(path: string, { method = "GET", cookie, body, headers = {} }: CallOptions = {}) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
}

const userRow = (id: string) => server.db.selectFrom("adminUsers").selectAll().where("id", "=", id).executeTakeFirst();
const userCount = async () => (await server.db.selectFrom("adminUsers").select("id").execute()).length;

let emailCounter = 0;
/** A fresh user to act on, so tests do not depend on each other's changes. */
function someone(input: Partial<Parameters<typeof createAdminUserRow>[1]> = {}) {
  emailCounter += 1;
  return createAdminUserRow(server.db, { email: `person${emailCounter}@example.co.uk`, role: "admin", ...input });
}

const specBody = (change: Record<string, unknown> = {}) => ({
  email: `new.starter${++emailCounter}@example.co.uk`,
  firstName: "Nia",
  lastName: "Okoro",
  role: "manager",
  id: `user_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`,
  isActive: true,
  profileImageUrl: null,
  ...change,
});

describe("GET /admin/api/users", () => {
  it.each(["superAdmin", "manager", "admin"] as const)("lists every user for a signed-in %s, without password hashes", async (role) => {
    const response = await call("/admin/api/users", { cookie: cookies[role] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const users = (await response.json()) as Record<string, unknown>[];
    expect(users.length).toBe(await userCount());
    expect(users.find((user) => user.email === OWNER.email)).toEqual({
      id: owner.id,
      email: OWNER.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      role: "super_admin",
      isActive: true,
      profileImageUrl: null,
      createdAt: owner.createdAt,
    });
    for (const user of users) expect(Object.keys(user)).not.toContain("passwordHash");
  });

  it("answers 401 JSON when signed out or with a forged session cookie", async () => {
    for (const cookie of [undefined, "__session=forged-session-id"]) {
      const response = await call("/admin/api/users", { cookie });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized" });
    }
  });
});

describe("POST /admin/api/users", () => {
  it("creates the user from the spec's JSON and answers 201 with it", async () => {
    const body = specBody();
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body });
    expect(response.status).toBe(201);
    const created = await response.json();
    // With local sign-in (this server), the answer also carries the new user's temporary password.
    expect(created).toEqual({ ...body, createdAt: expect.any(String), temporaryPassword: expect.any(String) });
    expect(Date.now() - Date.parse(created.createdAt)).toBeLessThan(60_000);

    const row = await userRow(body.id);
    expect(row).toMatchObject({ email: body.email, firstName: "Nia", lastName: "Okoro", role: "manager", isActive: 1 });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    const audit = await server.db.selectFrom("auditLog").selectAll().where("entityId", "=", body.id).execute();
    expect(audit).toMatchObject([{ action: "user.created", actorId: owner.id }]);
  });

  it("needs only email and names: the role defaults to admin and the server makes the id", async () => {
    const response = await call("/admin/api/users", {
      method: "POST",
      cookie: cookies.superAdmin,
      body: { email: "  just.names@example.co.uk ", firstName: " Ola ", lastName: "Nwosu" },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ email: "just.names@example.co.uk", firstName: "Ola", role: "admin", isActive: true, profileImageUrl: null });
    expect(created.id).toMatch(/^user_\d+_[a-z0-9]+$/);
  });

  it.each([
    ["a missing email", { email: undefined }, "email"],
    ["an empty first name", { firstName: "   " }, "firstName"],
    ["a missing last name", { lastName: undefined }, "lastName"],
    ["a malformed email", { email: "nia.okoro" }, "email"],
    ["an unknown role", { role: "owner" }, "role"],
    ["an id not in the user_ form", { id: "'; DROP TABLE adminUsers; --" }, "id"],
    ["isActive as text", { isActive: "yes" }, "isActive"],
    ["a profile image that is not https", { profileImageUrl: "http://example.com/me.png" }, "profileImageUrl"],
    ["a number for a name", { firstName: 42 }, "firstName"],
    ["an over-long last name", { lastName: "x".repeat(101) }, "lastName"],
  ])("answers 400 with the field's error for %s, and stores nothing", async (_case, change, field) => {
    const before = await userCount();
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: specBody(change) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toEqual(expect.any(String));
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["malformed JSON", "{ email: nia@example.co.uk"],
    ["an empty body", ""],
    ["a JSON array", "[]"],
    ["JSON null", "null"],
    ["a JSON string", '"nia@example.co.uk"'],
  ])("answers 400 to %s", async (_case, raw) => {
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: raw });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.any(String), fieldErrors: {} });
  });

  it("answers 413 to an oversized body", async () => {
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: specBody({ firstName: "x".repeat(70_000) }) });
    expect(response.status).toBe(413);
  });

  it("answers 409 to an email that is already an admin user, in any letter case", async () => {
    const before = await userCount();
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: specBody({ email: "MO.Manager@Example.co.uk" }) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "An admin user with this email already exists" });
    expect(await userCount()).toBe(before);
  });

  it("answers 409 to an id that is taken", async () => {
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: specBody({ id: owner.id }) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "An admin user with this id already exists" });
  });

  it("answers 401 signed out and 403 to a manager or an admin, storing nothing", async () => {
    const before = await userCount();
    expect((await call("/admin/api/users", { method: "POST", body: specBody() })).status).toBe(401);
    for (const cookie of [cookies.manager, cookies.admin]) {
      const response = await call("/admin/api/users", { method: "POST", cookie, body: specBody() });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^Forbidden/) });
    }
    expect(await userCount()).toBe(before);
  });

  it("answers 403 to a super admin's request from another site", async () => {
    const before = await userCount();
    const response = await call("/admin/api/users", {
      method: "POST",
      cookie: cookies.superAdmin,
      body: specBody(),
      headers: { Origin: "http://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused" });
    expect(await userCount()).toBe(before);
  });

  it("accepts a request from the site's own origin", async () => {
    const response = await call("/admin/api/users", { method: "POST", cookie: cookies.superAdmin, body: specBody(), headers: { Origin: server.url } });
    expect(response.status).toBe(201);
  });

  it.each(["PUT", "PATCH", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const response = await call("/admin/api/users", { method, cookie: cookies.superAdmin });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  });
});

describe("PUT /admin/api/users/:userId/role", () => {
  const putRole = (id: string, body: unknown, cookie = cookies.superAdmin, headers: Record<string, string> = {}) =>
    call(`/admin/api/users/${encodeURIComponent(id)}/role`, { method: "PUT", cookie, body, headers });

  it("changes the role and answers 200 with the user", async () => {
    const user = await someone({ role: "admin" });
    const response = await putRole(user.id, { role: "super_admin" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...user, role: "super_admin" });
    expect((await userRow(user.id))?.role).toBe("super_admin");
    const audit = await server.db.selectFrom("auditLog").selectAll().where("entityId", "=", user.id).execute();
    expect(audit).toMatchObject([{ action: "user.role_changed", summary: expect.stringContaining("Super Administrator") }]);
  });

  it("can change the role of an inactive user", async () => {
    const user = await someone({ role: "manager", isActive: false });
    const response = await putRole(user.id, { role: "admin" });
    expect(response.status).toBe(200);
    expect((await userRow(user.id))?.role).toBe("admin");
  });

  it.each([
    ["an unknown role", { role: "owner" }],
    ["no role", {}],
    ["a role in the wrong case", { role: "MANAGER" }],
  ])("answers 400 with the field error to %s", async (_case, body) => {
    const user = await someone({ role: "admin" });
    const response = await putRole(user.id, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { role: "Choose Administrator, Super Administrator or Manager" } });
    expect((await userRow(user.id))?.role).toBe("admin");
  });

  it.each([
    ["malformed JSON", "{role:"],
    ["no body", ""],
    ["an array", '["manager"]'],
  ])("answers 400 to %s", async (_case, raw) => {
    const user = await someone();
    const response = await putRole(user.id, raw);
    expect(response.status).toBe(400);
  });

  it("answers 403 to a change of one's own role", async () => {
    const response = await putRole(owner.id, { role: "manager" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "You cannot change the role of your own account" });
    expect((await userRow(owner.id))?.role).toBe("super_admin");
  });

  it("answers 404 to an unknown id", async () => {
    const response = await putRole("user_0_nobody", { role: "manager" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "User not found" });
  });

  it("answers 401 signed out, 403 to a manager or an admin, and 403 from another site", async () => {
    const user = await someone({ role: "manager" });
    expect((await putRole(user.id, { role: "super_admin" }, "")).status).toBe(401);
    expect((await putRole(user.id, { role: "super_admin" }, cookies.manager)).status).toBe(403);
    expect((await putRole(user.id, { role: "super_admin" }, cookies.admin)).status).toBe(403);
    expect((await putRole(user.id, { role: "super_admin" }, cookies.superAdmin, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await userRow(user.id))?.role).toBe("manager");
  });

  it.each(["GET", "POST", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const user = await someone();
    const response = await call(`/admin/api/users/${user.id}/role`, { method, cookie: cookies.superAdmin });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PUT");
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  });
});

describe("PUT /admin/api/users/:userId/deactivate", () => {
  const deactivate = (id: string, cookie = cookies.superAdmin, headers: Record<string, string> = {}) =>
    call(`/admin/api/users/${encodeURIComponent(id)}/deactivate`, { method: "PUT", cookie, headers });

  it("deactivates and answers 200 with the user; their sessions end at once and they cannot sign in again", async () => {
    const user = await someone({ role: "admin", password: PASSWORD });
    const theirCookie = await signIn(server, user.email, PASSWORD);
    expect((await call("/admin/api/users", { cookie: theirCookie })).status).toBe(200);

    const response = await deactivate(user.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...user, isActive: false });
    expect((await userRow(user.id))?.isActive).toBe(0);
    expect(await server.db.selectFrom("sessions").select("id").where("adminUserId", "=", user.id).execute()).toHaveLength(0);

    const next = await call("/admin/api/users", { cookie: theirCookie });
    expect(next.status).toBe(401);
    await expect(signIn(server, user.email, PASSWORD)).rejects.toThrow(/401/);
  });

  it("ignores a body, and deactivating someone already inactive changes nothing", async () => {
    const user = await someone({ isActive: false });
    const response = await call(`/admin/api/users/${user.id}/deactivate`, { method: "PUT", cookie: cookies.superAdmin, body: "{not json" });
    expect(response.status).toBe(200);
    expect((await response.json()).isActive).toBe(false);
  });

  it("answers 403 to deactivating oneself", async () => {
    const response = await deactivate(owner.id);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "You cannot deactivate your own account" });
    expect((await userRow(owner.id))?.isActive).toBe(1);
    expect((await call("/admin/api/users", { cookie: cookies.superAdmin })).status).toBe(200);
  });

  it("answers 404 to an unknown id", async () => {
    const response = await deactivate("user_0_nobody");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "User not found" });
  });

  it("answers 401 signed out, 403 to a manager or an admin, and 403 from another site", async () => {
    const user = await someone();
    expect((await deactivate(user.id, "")).status).toBe(401);
    expect((await deactivate(user.id, cookies.manager)).status).toBe(403);
    expect((await deactivate(user.id, cookies.admin)).status).toBe(403);
    expect((await deactivate(user.id, cookies.superAdmin, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await userRow(user.id))?.isActive).toBe(1);
  });

  it.each(["GET", "POST", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const response = await call(`/admin/api/users/${owner.id}/deactivate`, { method, cookie: cookies.superAdmin });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PUT");
  });
});

describe("PUT /admin/api/users/:userId/reactivate (beyond the spec)", () => {
  const reactivate = (id: string, cookie = cookies.superAdmin) => call(`/admin/api/users/${encodeURIComponent(id)}/reactivate`, { method: "PUT", cookie });

  it("reactivates a deactivated user, who can then sign in again", async () => {
    const user = await someone({ password: PASSWORD });
    expect((await call(`/admin/api/users/${user.id}/deactivate`, { method: "PUT", cookie: cookies.superAdmin })).status).toBe(200);
    const response = await reactivate(user.id);
    expect(response.status).toBe(200);
    expect((await response.json()).isActive).toBe(true);
    await expect(signIn(server, user.email, PASSWORD)).resolves.toMatch(/^__session=/);
  });

  it("answers 403 for oneself or a manager, 404 for an unknown id, 401 signed out", async () => {
    const user = await someone({ isActive: false });
    expect((await reactivate(owner.id)).status).toBe(403);
    expect((await reactivate(user.id, cookies.manager)).status).toBe(403);
    expect((await reactivate("user_0_nobody")).status).toBe(404);
    expect((await reactivate(user.id, "")).status).toBe(401);
    expect((await userRow(user.id))?.isActive).toBe(0);
  });
});

describe("the last active super admin", () => {
  // A single request cannot reach the model's 409 (the acting super admin is
  // always one of the active super admins); two super admins acting on each
  // other at once can, and one of them must stay.
  it.each(["deactivate", "role"] as const)("stays when two super admins %s each other at the same time", async (change) => {
    const server2 = await startTestServer({ ADMIN_EMAIL: "first@example.co.uk", ADMIN_PASSWORD: PASSWORD });
    try {
      const first = await waitForAdminUser(server2.db, "first@example.co.uk");
      const second = await createAdminUserRow(server2.db, { email: "second@example.co.uk", role: "super_admin", password: PASSWORD });
      const [firstCookie, secondCookie] = await Promise.all([
        signIn(server2, "first@example.co.uk", PASSWORD),
        signIn(server2, "second@example.co.uk", PASSWORD),
      ]);
      const act = (cookie: string, id: string) =>
        fetch(`${server2.url}/admin/api/users/${id}/${change}`, {
          method: "PUT",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body: change === "role" ? JSON.stringify({ role: "admin" }) : undefined,
        });
      const statuses = (await Promise.all([act(firstCookie, second.id), act(secondCookie, first.id)])).map((response) => response.status).sort();
      // One wins; the other is refused: signed out (401), no longer allowed (403) or the last super admin (409).
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      const activeSuperAdmins = await server2.db.selectFrom("adminUsers").select("id").where("role", "=", "super_admin").where("isActive", "=", 1).execute();
      expect(activeSuperAdmins).toHaveLength(1);
    } finally {
      await server2.stop();
    }
  });
});
