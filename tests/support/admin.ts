import type { Kysely } from "kysely";
import type { BrowserContext } from "playwright-core";
import { newAdminUserId, type AdminUser } from "~/lib/admin-users";
import type { AdminRole } from "~/lib/enums";
import type { Database } from "~/services/database-types";
import { hashPassword } from "~/services/password.server";

/**
 * Signs in through the local sign-in form (`POST /admin/api/login`) and
 * returns the session as a Cookie header value (`__session=...`).
 */
export async function signIn(server: { url: string }, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith("__session=") && pair !== "__session=");
  if (response.status !== 302 || !session) {
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  }
  return session;
}

/** Signs in over HTTP and gives a browser context that session (quicker than the form for every test). */
export async function signInBrowser(context: BrowserContext, server: { url: string }, email: string, password: string): Promise<void> {
  const [name, value] = (await signIn(server, email, password)).split(/=(.*)/s);
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}

export interface AdminUserRowInput {
  email: string;
  role?: AdminRole;
  isActive?: boolean;
  /** Set to let the user sign in locally; without one only a provider could sign them in. */
  password?: string;
  firstName?: string;
  lastName?: string;
  id?: string;
  profileImageUrl?: string | null;
  createdAt?: string;
}

/** Inserts an admin user straight into the server's database (arranging a test, not exercising the app). */
export async function createAdminUserRow(db: Kysely<Database>, input: AdminUserRowInput): Promise<AdminUser> {
  const now = input.createdAt ?? new Date().toISOString();
  const [localPart] = input.email.split("@");
  const user: AdminUser = {
    id: input.id ?? newAdminUserId(),
    email: input.email,
    firstName: input.firstName ?? localPart.charAt(0).toUpperCase() + localPart.slice(1),
    lastName: input.lastName ?? "Tester",
    role: input.role ?? "admin",
    isActive: input.isActive ?? true,
    profileImageUrl: input.profileImageUrl ?? null,
    createdAt: now,
  };
  await db
    .insertInto("adminUsers")
    .values({
      ...user,
      isActive: user.isActive ? 1 : 0,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      updatedAt: now,
    })
    .execute();
  return user;
}

/**
 * The user with this email, waiting for it to appear: the super admin from
 * ADMIN_EMAIL is written just after the server starts answering.
 */
export async function waitForAdminUser(db: Kysely<Database>, email: string, timeoutMs = 10_000): Promise<AdminUser> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email).executeTakeFirst();
    if (row?.passwordHash) {
      const { passwordHash: _hash, failedSignInCount: _count, lockedUntil: _locked, updatedAt: _updated, ...user } = row;
      return { ...user, isActive: row.isActive === 1 };
    }
    if (Date.now() > deadline) throw new Error(`No admin user ${email} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The super admin a test server makes at start-up from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const TEST_OWNER = { email: "owner@clearlinebusiness.co.uk", password: "correct-horse-battery" } as const;

/** The variables that make TEST_OWNER. */
export const TEST_OWNER_ENV = { ADMIN_EMAIL: TEST_OWNER.email, ADMIN_PASSWORD: TEST_OWNER.password };
