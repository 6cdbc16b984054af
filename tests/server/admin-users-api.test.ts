import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "~/features/staff/admin-users";
import { createAdminUserRow, signIn, TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { clientWith, publicClient, staffClient, type Client, type StaffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The admin users JSON routes (SPEC section 7) against the built server:
 * GET/POST /admin/api/users, PUT /admin/api/users/:userId/role,
 * PUT /admin/api/users/:userId/deactivate (and the extra /reactivate).
 */

const PASSWORD = "a-long-test-password";

let server: TestServer;
let owner: AdminUser;
const staff = {} as Record<"superAdmin" | "manager" | "admin", Client>;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  visitor = publicClient(server);
  let superAdmin: StaffClient;
  [superAdmin, staff.manager, staff.admin] = await Promise.all([
    staffClient(server, "super_admin"),
    staffClient(server, "manager", { email: "mo.manager@example.co.uk" }),
    staffClient(server, "admin", { email: "ada.admin@example.co.uk" }),
  ]);
  staff.superAdmin = superAdmin;
  owner = superAdmin.user;
});
afterAll(async () => {
  await server?.stop();
});

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
    const response = await staff[role].get("/admin/api/users");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const users = (await response.json()) as Record<string, unknown>[];
    expect(users.length).toBe(await userCount());
    expect(users.find((user) => user.email === TEST_OWNER.email)).toEqual({
      id: owner.id,
      email: TEST_OWNER.email,
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
    for (const who of [visitor, clientWith(server, "__session=forged-session-id")]) {
      const response = await who.get("/admin/api/users");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized" });
    }
  });
});

describe("POST /admin/api/users", () => {
  it("creates the user from the spec's JSON and answers 201 with it", async () => {
    const body = specBody();
    const response = await staff.superAdmin.postJson("/admin/api/users", body);
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
    const response = await staff.superAdmin.postJson("/admin/api/users", { email: "  just.names@example.co.uk ", firstName: " Ola ", lastName: "Nwosu" });
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
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody(change));
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
    const response = await staff.superAdmin.postJson("/admin/api/users", raw);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.any(String), fieldErrors: {} });
  });

  it("answers 413 to an oversized body", async () => {
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody({ firstName: "x".repeat(70_000) }));
    expect(response.status).toBe(413);
  });

  it("answers 409 to an email that is already an admin user, in any letter case", async () => {
    const before = await userCount();
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody({ email: "MO.Manager@Example.co.uk" }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "An admin user with this email already exists" });
    expect(await userCount()).toBe(before);
  });

  it("answers 409 to an id that is taken", async () => {
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody({ id: owner.id }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "An admin user with this id already exists" });
  });

  it("answers 401 signed out and 403 to a manager or an admin, storing nothing", async () => {
    const before = await userCount();
    expect((await visitor.postJson("/admin/api/users", specBody())).status).toBe(401);
    for (const who of [staff.manager, staff.admin]) {
      const response = await who.postJson("/admin/api/users", specBody());
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^Forbidden/) });
    }
    expect(await userCount()).toBe(before);
  });

  it("answers 403 to a super admin's request from another site", async () => {
    const before = await userCount();
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody(), { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused" });
    expect(await userCount()).toBe(before);
  });

  it("accepts a request from the site's own origin", async () => {
    const response = await staff.superAdmin.postJson("/admin/api/users", specBody(), { Origin: server.url });
    expect(response.status).toBe(201);
  });

  it.each(["PUT", "PATCH", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const response = await staff.superAdmin.request(method, "/admin/api/users");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  });
});

describe("PUT /admin/api/users/:userId/role", () => {
  const putRole = (id: string, body: unknown, who = staff.superAdmin, headers: Record<string, string> = {}) =>
    who.put(`/admin/api/users/${encodeURIComponent(id)}/role`, body, headers);

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
    expect((await putRole(user.id, { role: "super_admin" }, visitor)).status).toBe(401);
    expect((await putRole(user.id, { role: "super_admin" }, staff.manager)).status).toBe(403);
    expect((await putRole(user.id, { role: "super_admin" }, staff.admin)).status).toBe(403);
    expect((await putRole(user.id, { role: "super_admin" }, staff.superAdmin, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await userRow(user.id))?.role).toBe("manager");
  });

  it.each(["GET", "POST", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const user = await someone();
    const response = await staff.superAdmin.request(method, `/admin/api/users/${user.id}/role`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PUT");
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  });
});

describe("PUT /admin/api/users/:userId/deactivate", () => {
  const deactivate = (id: string, who = staff.superAdmin, headers: Record<string, string> = {}) =>
    who.put(`/admin/api/users/${encodeURIComponent(id)}/deactivate`, undefined, headers);

  it("deactivates and answers 200 with the user; their sessions end at once and they cannot sign in again", async () => {
    const user = await someone({ role: "admin", password: PASSWORD });
    const them = clientWith(server, await signIn(server, user.email, PASSWORD));
    expect((await them.get("/admin/api/users")).status).toBe(200);

    const response = await deactivate(user.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...user, isActive: false });
    expect((await userRow(user.id))?.isActive).toBe(0);
    expect(await server.db.selectFrom("sessions").select("id").where("adminUserId", "=", user.id).execute()).toHaveLength(0);

    const next = await them.get("/admin/api/users");
    expect(next.status).toBe(401);
    await expect(signIn(server, user.email, PASSWORD)).rejects.toThrow(/401/);
  });

  it("ignores a body, and deactivating someone already inactive changes nothing", async () => {
    const user = await someone({ isActive: false });
    const response = await staff.superAdmin.put(`/admin/api/users/${user.id}/deactivate`, "{not json");
    expect(response.status).toBe(200);
    expect((await response.json()).isActive).toBe(false);
  });

  it("answers 403 to deactivating oneself", async () => {
    const response = await deactivate(owner.id);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "You cannot deactivate your own account" });
    expect((await userRow(owner.id))?.isActive).toBe(1);
    expect((await staff.superAdmin.get("/admin/api/users")).status).toBe(200);
  });

  it("answers 404 to an unknown id", async () => {
    const response = await deactivate("user_0_nobody");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "User not found" });
  });

  it("answers 401 signed out, 403 to a manager or an admin, and 403 from another site", async () => {
    const user = await someone();
    expect((await deactivate(user.id, visitor)).status).toBe(401);
    expect((await deactivate(user.id, staff.manager)).status).toBe(403);
    expect((await deactivate(user.id, staff.admin)).status).toBe(403);
    expect((await deactivate(user.id, staff.superAdmin, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await userRow(user.id))?.isActive).toBe(1);
  });

  it.each(["GET", "POST", "DELETE"])("answers 405 JSON to %s", async (method) => {
    const response = await staff.superAdmin.request(method, `/admin/api/users/${owner.id}/deactivate`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PUT");
  });
});

describe("PUT /admin/api/users/:userId/reactivate (beyond the spec)", () => {
  const reactivate = (id: string, who = staff.superAdmin) => who.put(`/admin/api/users/${encodeURIComponent(id)}/reactivate`);

  it("reactivates a deactivated user, who can then sign in again", async () => {
    const user = await someone({ password: PASSWORD });
    expect((await staff.superAdmin.put(`/admin/api/users/${user.id}/deactivate`)).status).toBe(200);
    const response = await reactivate(user.id);
    expect(response.status).toBe(200);
    expect((await response.json()).isActive).toBe(true);
    await expect(signIn(server, user.email, PASSWORD)).resolves.toMatch(/^__session=/);
  });

  it("answers 403 for oneself or a manager, 404 for an unknown id, 401 signed out", async () => {
    const user = await someone({ isActive: false });
    expect((await reactivate(owner.id)).status).toBe(403);
    expect((await reactivate(user.id, staff.manager)).status).toBe(403);
    expect((await reactivate("user_0_nobody")).status).toBe(404);
    expect((await reactivate(user.id, visitor)).status).toBe(401);
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
      const [firstSuperAdmin, secondSuperAdmin] = await Promise.all([
        signIn(server2, "first@example.co.uk", PASSWORD),
        signIn(server2, "second@example.co.uk", PASSWORD),
      ]);
      const act = (cookie: string, id: string) =>
        clientWith(server2, cookie).put(`/admin/api/users/${id}/${change}`, change === "role" ? { role: "admin" } : undefined);
      const statuses = (await Promise.all([act(firstSuperAdmin, second.id), act(secondSuperAdmin, first.id)])).map((response) => response.status).sort();
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
