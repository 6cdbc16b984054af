import type { Kysely } from "kysely";
import type { BrowserContext } from "playwright-core";
import { newAdminUserId, type AdminUser } from "~/features/staff/admin-users";
import type { Database } from "~/platform/database-types";
import { createCookie } from "@remix-run/node";
import { COOKIE_NAMES } from "~/platform/site-cookies";
import { hashPassword } from "~/platform/password.server";
import { startSession } from "~/features/staff/sessions.server";
import { TEST_SESSION_SECRET } from "../../scripts/built-server.js";
import { postFormFrom } from "./from-address";
import type { AdminRole } from "~/features/staff/admin-roles";

/** The staff session cookie's names: `__Host-session` over HTTPS, `__session` over plain HTTP. */
const SESSION_COOKIE = /^(__Host-session|__session)=(?!;|$)/;

/** The session cookie (`name=value`, either name) among Set-Cookie headers, or null. */
export function sessionCookieIn(setCookies: string[]): string | null {
  return setCookies.map((cookie) => cookie.split(";")[0]).find((pair) => SESSION_COOKIE.test(pair)) ?? null;
}

/** What a signed cookie's value says: `base64(JSON).signature`, URI-encoded, as Remix writes it. */
function decodedCookieValue(value: string): string {
  const unescaped = decodeURIComponent(value);
  const payload = unescaped.slice(0, unescaped.lastIndexOf(".") >= 0 ? unescaped.lastIndexOf(".") : undefined);
  return Buffer.from(payload, "base64").toString("utf8");
}

/** Every Set-Cookie header's value as sent and as decoded, to look for what must never be in a cookie. */
export function cookieTexts(setCookies: string[]): string[] {
  return setCookies.flatMap((cookie) => {
    const value = cookie.split(";")[0].split(/=(.*)/s)[1] ?? "";
    return [cookie, decodeURIComponent(value), decodedCookieValue(value)];
  });
}

/** The session id a session cookie (`name=value`) carries. */
export function sessionIdIn(cookie: string): string {
  return JSON.parse(decodedCookieValue(cookie.split(/=(.*)/s)[1])) as string;
}

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
  const session = sessionCookieIn(response.headers.getSetCookie());
  if (response.status !== 302 || !session) {
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  }
  return session;
}

/**
 * A session for the staff member with this email, started as a sign-in starts one (a row keyed by
 * the hash of its id, and the cookie signed with the test servers' secret), as a Cookie header
 * value (`__session=...`). No password is checked: a check spends half a second of CPU by design,
 * hundreds of tests only need someone signed in, and signing in has tests of its own
 * (admin-sign-in, admin-passwords, sign-in-*).
 */
export async function startedSession(server: { db: Kysely<Database>; sessionCookieName?: string }, email: string): Promise<string> {
  const user = await waitForAdminUser(server.db, email);
  const sessionId = await startSession(user.id, server.db);
  const cookie = createCookie(server.sessionCookieName ?? COOKIE_NAMES.session, { secrets: [TEST_SESSION_SECRET] });
  return (await cookie.serialize(sessionId)).split(";")[0];
}

/** Gives a browser context a session of the staff member with this email (`startedSession`). */
export async function signInBrowser(
  context: BrowserContext,
  server: { url: string; db: Kysely<Database>; sessionCookieName?: string },
  email: string,
): Promise<void> {
  const [name, value] = (await startedSession(server, email)).split(/=(.*)/s);
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Each distinct test password is hashed once per test file, at the test servers' cost
 * (tests/support/test-process-tuning.ts): many test users share a password. The salt is
 * then shared too, which only a test may do.
 */
const hashes = new Map<string, Promise<string>>();
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
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
  /** Makes `password` a temporary one, which must be changed at sign-in and stops working at this time. */
  temporaryPasswordExpiresAt?: string | null;
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
      passwordHash: input.password ? await testPasswordHash(input.password) : null,
      ...(input.temporaryPasswordExpiresAt ? { temporaryPasswordExpiresAt: input.temporaryPasswordExpiresAt } : {}),
      updatedAt: now,
    })
    .execute();
  return user;
}

/**
 * The user with this email, waiting for it to appear: the super admin from
 * ADMIN_EMAIL is written just after the server starts answering.
 */
export async function waitForAdminUser(db: Kysely<Database>, email: string, timeoutMs = 120_000): Promise<AdminUser> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email).executeTakeFirst();
    if (row?.passwordHash) {
      const { id, email: rowEmail, firstName, lastName, role, profileImageUrl, createdAt } = row;
      return { id, email: rowEmail, firstName, lastName, role, isActive: row.isActive === 1, profileImageUrl, createdAt };
    }
    if (Date.now() > deadline) throw new Error(`No admin user ${email} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export { TEST_OWNER, TEST_OWNER_ENV } from "./owner";

export interface SignInAnswer {
  status: number;
  location: string | null;
  retryAfter: string | null;
  /** The refusal shown on the sign-in screen (HTML entities as sent), or null. */
  alert: string | null;
  /** The session cookie (`__session=...`) when one was set. */
  session: string | null;
}

/** Posts the local sign-in form from a chosen loopback address (`postFormFrom`): each address is a different client. */
export async function signInFrom(server: { url: string }, localAddress: string, email: string, password: string): Promise<SignInAnswer> {
  const answer = await postFormFrom(server, localAddress, "/admin/api/login", { email, password });
  return {
    status: answer.status,
    location: answer.headers.location ?? null,
    retryAfter: (answer.headers["retry-after"] as string | undefined) ?? null,
    alert: /role="alert"[^>]*>([^<]*)</.exec(answer.text)?.[1] ?? null,
    session: sessionCookieIn(answer.headers["set-cookie"] ?? []),
  };
}
