import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/built-server.js";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Sign-in through a real OpenID Connect provider (oauth2-mock-server on
 * loopback), following every redirect of the flow by hand.
 */
let provider: OAuth2Server;
let server: TestServer;
/** What the provider's userinfo endpoint says about the person signing in. */
let userinfo: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(await freePort(), "127.0.0.1");
  provider.service.on("beforeUserinfo", (response) => {
    response.body = { sub: "provider-user-1", ...userinfo };
  });
  const port = await freePort();
  server = await startTestServer({
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: "quotes-portal",
    OIDC_CLIENT_SECRET: "quotes-portal-secret",
  });
  const now = new Date().toISOString();
  await server.db
    .insertInto("adminUsers")
    .values([
      {
        id: "user_1_active",
        email: "priya@clearlinebusiness.co.uk",
        firstName: "",
        lastName: "",
        role: "admin",
        isActive: 1,
        profileImageUrl: null,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      },
      {
        id: "user_2_gone",
        email: "former@clearlinebusiness.co.uk",
        firstName: "Fred",
        lastName: "Former",
        role: "admin",
        isActive: 0,
        profileImageUrl: null,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .execute();
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** Follows the flow from /admin/api/login to the page it ends on, carrying cookies like a browser. */
async function signInThroughProvider(): Promise<{ finalUrl: string; page: string; cookies: Map<string, string> }> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  let url = `${server.url}/admin/api/login`;
  for (let hop = 0; hop < 8; hop++) {
    const ours = url.startsWith(server.url);
    const response = await fetch(url, { redirect: "manual", headers: ours ? { Cookie: cookieHeader() } : {} });
    if (ours) {
      for (const header of response.headers.getSetCookie()) {
        const pair = header.split(";")[0];
        const name = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (value) cookies.set(name, value);
        else cookies.delete(name);
      }
    }
    const location = response.headers.get("location");
    if (!location) return { finalUrl: url, page: await response.text(), cookies };
    url = new URL(location, url).toString();
  }
  throw new Error("Too many redirects");
}

describe("sign-in through an OpenID Connect provider", () => {
  it("sends the visitor to the provider found by discovery, with PKCE and the callback", async () => {
    const response = await fetch(`${server.url}/admin/api/login`, { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(provider.issuer.url);
    expect(location.pathname).toBe("/authorize");
    expect(location.searchParams.get("client_id")).toBe("quotes-portal");
    expect(location.searchParams.get("redirect_uri")).toBe(`${server.url}/admin/api/callback`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(response.headers.get("set-cookie")).toMatch(/^oidc-state:[^=]+=.+HttpOnly/);
  });

  it("signs in an active admin user and fills their name and picture from the provider", async () => {
    userinfo = {
      email: "Priya@ClearLineBusiness.co.uk",
      email_verified: true,
      given_name: "Priya",
      family_name: "Shah",
      picture: "https://images.example/priya.png",
    };
    const { finalUrl, page, cookies } = await signInThroughProvider();
    expect(finalUrl).toBe(`${server.url}/admin/dashboard`);
    expect(page).toContain("Welcome back, Priya");
    expect(cookies.get("__session")).toBeTruthy();

    const me = await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: `__session=${cookies.get("__session")}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: "priya@clearlinebusiness.co.uk",
      firstName: "Priya",
      lastName: "Shah",
      role: "admin",
      profileImageUrl: "https://images.example/priya.png",
    });
    const sessions = await server.db.selectFrom("sessions").selectAll().where("adminUserId", "=", "user_1_active").execute();
    expect(sessions).toHaveLength(1);
    // Bound to the provider's subject at this first sign-in.
    const row = await server.db
      .selectFrom("adminUsers")
      .select(["providerIssuer", "providerSubject"])
      .where("id", "=", "user_1_active")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ providerIssuer: provider.issuer.url, providerSubject: "provider-user-1" });
    // In the audit log, with where it came from.
    const audit = await server.db.selectFrom("auditLog").select(["action", "actorId", "summary"]).where("action", "=", "sign_in.succeeded").execute();
    expect(audit).toEqual([{ action: "sign_in.succeeded", actorId: "user_1_active", summary: "Signed in through the sign-in provider from 127.0.0.1" }]);
  });

  it("knows a bound user by their subject afterwards, even when the provider gives a new email", async () => {
    userinfo = { email: "priya.shah@clearlinebusiness.co.uk", email_verified: true };
    const { finalUrl, cookies } = await signInThroughProvider();
    expect(finalUrl).toBe(`${server.url}/admin/dashboard`);
    const me = await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: `__session=${cookies.get("__session")}` } });
    expect(await me.json()).toMatchObject({ email: "priya@clearlinebusiness.co.uk", firstName: "Priya" });
  });

  /** An admin user row as start-up or an invitation makes it, with no provider bound yet. */
  async function addAdminUser(id: string, email: string, firstName: string, lastName: string) {
    const now = new Date().toISOString();
    await server.db
      .insertInto("adminUsers")
      .values({ id, email, firstName, lastName, role: "super_admin", isActive: 1, profileImageUrl: null, passwordHash: null, createdAt: now, updatedAt: now })
      .execute();
  }

  async function signedInUser(cookies: Map<string, string>) {
    const me = await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: `__session=${cookies.get("__session")}` } });
    return (await me.json()) as { firstName: string; lastName: string };
  }

  it('gives the first super admin, made as "Site Administrator", the provider\'s full name, and greets them by its first word', async () => {
    await addAdminUser("user_3_first", "boss@clearlinebusiness.co.uk", "Site", "Administrator");
    userinfo = { sub: "provider-boss", email: "boss@clearlinebusiness.co.uk", email_verified: true, name: "Rhiannon Pryce Jones" };
    const { finalUrl, page, cookies } = await signInThroughProvider();
    expect(finalUrl).toBe(`${server.url}/admin/dashboard`);
    expect(page).toContain("Welcome back, Rhiannon");
    expect(page).not.toContain("Welcome back, Site");
    expect(await signedInUser(cookies)).toMatchObject({ firstName: "Rhiannon", lastName: "Pryce Jones" });
  });

  it("greets someone the provider gives no name for by their address, and keeps the name empty", async () => {
    await addAdminUser("user_4_unnamed", "sam.oneill@clearlinebusiness.co.uk", "", "");
    userinfo = { sub: "provider-sam", email: "sam.oneill@clearlinebusiness.co.uk", email_verified: true };
    const { finalUrl, page, cookies } = await signInThroughProvider();
    expect(finalUrl).toBe(`${server.url}/admin/dashboard`);
    expect(page).toContain("Welcome back, Sam");
    expect(await signedInUser(cookies)).toMatchObject({ firstName: "", lastName: "" });
  });

  it.each([
    ["an email that is not an admin user", { sub: "provider-stranger", email: "stranger@example.co.uk", email_verified: true }],
    ["an inactive admin user", { sub: "provider-former", email: "former@clearlinebusiness.co.uk", email_verified: true }],
    ["an email the provider has not verified", { email: "priya@clearlinebusiness.co.uk", email_verified: false }],
    ["an email the provider says nothing about verifying", { email: "priya@clearlinebusiness.co.uk" }],
    ["no email at all", {}],
    [
      "a second account at the provider claiming an email already bound to another",
      { sub: "provider-user-2", email: "priya@clearlinebusiness.co.uk", email_verified: true },
    ],
  ])("refuses %s with a clear message on the sign-in screen", async (_case, claims) => {
    userinfo = claims;
    const before = await server.db.selectFrom("sessions").select("id").execute();
    const { finalUrl, page, cookies } = await signInThroughProvider();
    expect(finalUrl).toBe(`${server.url}/admin`);
    expect(page).toContain("Access refused");
    expect(page).toMatch(/not allowed into the admin portal|did not confirm an email address|linked to a different sign-in/);
    expect(cookies.has("__session")).toBe(false);
    expect(await server.db.selectFrom("sessions").select("id").execute()).toHaveLength(before.length);
    const failed = await server.db.selectFrom("auditLog").select("summary").where("action", "=", "sign_in.failed").orderBy("id", "desc").executeTakeFirst();
    expect(failed?.summary).toMatch(/^Failed sign-in as .* through the sign-in provider from 127\.0\.0\.1: /);
  });

  it("answers a callback with a forged state by refusing, not by erroring", async () => {
    const response = await fetch(`${server.url}/admin/api/callback?code=abc&state=forged`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect(response.headers.get("set-cookie")).not.toContain("__session");
  });
});
