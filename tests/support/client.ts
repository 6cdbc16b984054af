import type { Kysely } from "kysely";
import type { AdminUser } from "~/features/staff/admin-users";
import type { Database } from "~/platform/database-types";
import { createAdminUserRow, sessionCookieIn, startedSession, TEST_OWNER, waitForAdminUser, type AdminUserRowInput } from "./admin";
import type { AdminRole } from "~/features/staff/admin-roles";

type Headers = Record<string, string>;

/**
 * Someone using the server over HTTP, as the site's own pages would: redirects are
 * answered, not followed; every write carries the site's Origin (a test sends another
 * in `headers` to play a foreign page); the session cookie goes with every request.
 */
export interface Client {
  /** The session as a Cookie header value (`__session=...`), or "" for a visitor not signed in. */
  readonly cookie: string;
  /** `json`, when given, is sent as `postJson` sends it; otherwise `body` as it is. */
  request(method: string, path: string, init?: { body?: BodyInit; json?: unknown; headers?: Headers }): Promise<Response>;
  get(path: string, headers?: Headers): Promise<Response>;
  /** A body as it is (a FormData is sent as multipart), or none. */
  post(path: string, body?: BodyInit, headers?: Headers): Promise<Response>;
  /** A form post as a browser without JavaScript sends it. */
  postForm(path: string, fields: Record<string, string>, headers?: Headers): Promise<Response>;
  /** An object is sent as JSON; a string is sent as it is, still labelled JSON; without a body, none is sent. */
  postJson(path: string, body: unknown, headers?: Headers): Promise<Response>;
  /** The same as `postJson`, with PUT; without a body, none is sent. */
  put(path: string, body?: unknown, headers?: Headers): Promise<Response>;
  /** The same, with PATCH. */
  patch(path: string, body?: unknown, headers?: Headers): Promise<Response>;
  delete(path: string, headers?: Headers): Promise<Response>;
  /** Where a redirect lands, fetched with the toast cookie the redirect set, as a browser would. */
  follow(redirect: Response): Promise<Response>;
}

const WRITES_WITHOUT_ORIGIN = new Set(["GET", "HEAD", "OPTIONS"]);

/** A client with this session cookie ("" for none). */
export function clientWith(server: { url: string }, cookie: string): Client {
  const request: Client["request"] = (method, path, { body, json, headers = {} } = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(WRITES_WITHOUT_ORIGIN.has(method) ? {} : { Origin: server.url }),
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: json === undefined ? body : typeof json === "string" ? json : JSON.stringify(json),
      redirect: "manual",
    });
  return {
    cookie,
    request,
    get: (path, headers) => request("GET", path, { headers }),
    post: (path, body, headers) => request("POST", path, { body, headers }),
    postForm: (path, fields, headers = {}) =>
      request("POST", path, { body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } }),
    postJson: (path, json, headers) => request("POST", path, { json, headers }),
    put: (path, json, headers) => request("PUT", path, { json, headers }),
    patch: (path, json, headers) => request("PATCH", path, { json, headers }),
    delete: (path, headers) => request("DELETE", path, { headers }),
    follow(redirect) {
      const location = redirect.headers.get("location");
      if (!location) throw new Error(`Not a redirect: ${redirect.status}`);
      const toast = redirect.headers
        .getSetCookie()
        .find((value) => value.startsWith("toast="))
        ?.split(";")[0];
      return clientWith(server, [cookie, toast].filter(Boolean).join("; ")).get(location);
    },
  };
}

/** A client with the session cookie an answer set (a sign-in's, a password change's); fails when it set none. */
export function clientSignedInBy(server: { url: string }, response: Response): Client {
  const cookie = sessionCookieIn(response.headers.getSetCookie());
  if (!cookie) throw new Error(`No session cookie (status ${response.status})`);
  return clientWith(server, cookie);
}

/** A visitor who is not signed in. */
export function publicClient(server: { url: string }): Client {
  return clientWith(server, "");
}

export interface StaffClient extends Client {
  user: AdminUser;
}

/** The password of the users `staffClient` makes unless a test gives one. */
export const STAFF_PASSWORD = "staff-password-123";

let staffCount = 0;

/**
 * A member of staff of this role, signed in (a session started for them: `startedSession`). A
 * super admin is TEST_OWNER (start the server with TEST_OWNER_ENV); any other role is a new user,
 * or the one `account` describes (a test that shows or looks for their name or email). A new user
 * has a password (`account.password` or STAFF_PASSWORD), for a test that signs in with it.
 */
export async function staffClient(
  server: { url: string; db: Kysely<Database>; sessionCookieName?: string },
  role: AdminRole,
  account: Partial<AdminUserRowInput> = {},
): Promise<StaffClient> {
  let user: AdminUser;
  if (role === "super_admin" && !account.email) {
    user = await waitForAdminUser(server.db, TEST_OWNER.email);
  } else {
    staffCount += 1;
    const email = account.email ?? `${role.replace("_", "-")}-${staffCount}-${process.pid}@clearlinebusiness.co.uk`;
    user = await createAdminUserRow(server.db, { ...account, email, password: account.password ?? STAFF_PASSWORD, role });
  }
  return { ...clientWith(server, await startedSession(server, user.email)), user };
}

/** Staff of every role, signed in side by side: the test owner, a new admin and a new manager. */
export async function staffOfEveryRole(
  server: { url: string; db: Kysely<Database>; sessionCookieName?: string },
  accounts: Partial<Record<"admin" | "manager", Partial<AdminUserRowInput>>> = {},
): Promise<Record<AdminRole, StaffClient>> {
  const [superAdmin, admin, manager] = await Promise.all([
    staffClient(server, "super_admin"),
    staffClient(server, "admin", accounts.admin),
    staffClient(server, "manager", accounts.manager),
  ]);
  return { super_admin: superAdmin, admin, manager };
}
