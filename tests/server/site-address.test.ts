import http from "node:http";
import { describe, expect, it } from "vitest";
import { startBuiltServer } from "../../scripts/built-server.js";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient } from "../support/client";
import { TestMailbox } from "../support/mailbox";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * The site's address is APP_URL, never what a request names: every link (pages, sitemap,
 * emails) and the page cache's keys come from it; a Host or X-Forwarded-Host the site does
 * not expect changes no link and is never a 500. The test server's APP_URL is its own address
 * (scripts/built-server.js), as a deployment's is.
 */

/** A request with headers fetch would not send as given (Host). */
function rawRequest(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(new URL(path, server.url), { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** The error lines the server has logged so far. */
const errorsLogged = (server: TestServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":50')).length;

describe("in production", () => {
  it("the server refuses to start without APP_URL, with a message naming it", async () => {
    await expect(startBuiltServer({ APP_URL: "" })).rejects.toThrow(
      /Server exited early \(exit code 1\):\s*Invalid configuration: APP_URL is required in production: the site's public address/,
    );
  });
});

describe("a request naming another host", () => {
  const site = forSuite(
    async () => {
      const mailbox = await TestMailbox.start();
      return { mailbox, server: await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url }) };
    },
    async ({ mailbox, server }) => {
      await server?.stop();
      await mailbox?.close();
    },
  );

  it.each([
    ["Host", { host: "evil.example" }],
    ["X-Forwarded-Host", { "x-forwarded-host": "evil.example" }],
  ])("with a foreign %s, gets its links and canonical URL from APP_URL, and the next visitor gets the same page", async (_name, headers) => {
    const { server } = site;
    const forged = await rawRequest(server, "GET", "/contact", headers);
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain("evil.example");
    expect(forged.body).toContain(`<link rel="canonical" href="${server.url}/contact"/>`);
    expect(forged.body).toContain(`<meta property="og:url" content="${server.url}/contact"/>`);

    // Whoever asked first, the kept page is the one every visitor gets.
    let honest!: Response;
    await expect
      .poll(async () => {
        honest = await publicClient(server).get("/contact");
        return honest.headers.get("x-page-cache");
      })
      .toBe("hit");
    expect(honest.headers.get("etag")).toBe(forged.headers.etag);
    expect(await honest.text()).not.toContain("evil.example");

    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const file = await rawRequest(server, "GET", path, headers);
      expect(file.body, path).toContain(server.url);
      expect(file.body, path).not.toContain("evil.example");
    }
  });

  it("with a foreign Host and X-Forwarded-Host, signs up for the newsletter with a confirmation link to APP_URL", async () => {
    const { server, mailbox } = site;
    const email = "forged-host@example.co.uk";
    const answer = await rawRequest(
      server,
      "POST",
      "/about",
      { ...FORM, host: "evil.example", "x-forwarded-host": "evil.example", origin: "http://evil.example" },
      new URLSearchParams({ email }).toString(),
    );
    // The site's own page on the host asked for: a sign-up as any other.
    expect(answer.status).toBe(302);
    await expect.poll(() => mailbox.to(email).length).toBe(1);
    const text = mailbox.to(email)[0]!.text;
    expect(text).toContain(`${server.url}/newsletter/confirm/`);
    expect(text).toContain(`${server.url}/unsubscribe/`);
    expect(text).not.toContain("evil.example");
  });

  it("posted with an X-Forwarded-Host that is not the site's, is answered as any post (no 500, no error logged): it is not read without TRUST_PROXY", async () => {
    const { server } = site;
    const visitor = publicClient(server);
    const before = errorsLogged(server);
    const email = "forwarded-post@example.co.uk";
    const signUp = await visitor.postForm("/about", { email }, { "X-Forwarded-Host": "evil.example" });
    expect(signUp.status).toBe(302);
    expect(await (await visitor.follow(signUp)).text()).toContain("Check your inbox");
    expect(await server.db.selectFrom("newsletterSignups").select("email").where("email", "=", email).executeTakeFirst()).toEqual({ email });

    // A foreign page naming itself in X-Forwarded-Host is still a foreign page.
    const foreign = await visitor.postForm("/about", { email: "foreign@example.co.uk" }, { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(foreign.status).toBe(403);
    expect(await server.db.selectFrom("newsletterSignups").select("email").where("email", "=", "foreign@example.co.uk").executeTakeFirst()).toBeUndefined();
    expect(errorsLogged(server)).toBe(before);
  });

  it("answers a Host that names no host with 400, never a 500", async () => {
    const { server } = site;
    for (const host of ["a b", "evil.example:99999", "[::1", "evil.example:port"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawRequest(server, method, "/about", { ...FORM, host }, method === "POST" ? "email=bad-host%40example.co.uk" : undefined);
        expect(answer.status, `${method} Host: ${host}`).toBe(400);
      }
    }
  });
});

describe("behind a proxy (TRUST_PROXY=true)", () => {
  const server = testServerForSuite({ TRUST_PROXY: "true" });

  it("takes X-Forwarded-Host as the host asked for: a post from the site's page is answered, a foreign page's refused with 403, never a 500", async () => {
    const visitor = publicClient(server);
    const before = errorsLogged(server);
    // From the site's own page (its Origin is APP_URL) through a proxy that names another host.
    const ours = await visitor.postForm("/about", { email: "proxied@example.co.uk" }, { "X-Forwarded-Host": "www.clearline.example" });
    expect(ours.status).toBe(302);
    // The page of the host the proxy names.
    const named = await visitor.postForm(
      "/about",
      { email: "named@example.co.uk" },
      { Origin: "https://www.clearline.example", "X-Forwarded-Host": "www.clearline.example" },
    );
    expect(named.status).toBe(302);
    // Another site's page.
    const foreign = await visitor.postForm(
      "/about",
      { email: "foreign@example.co.uk" },
      { Origin: "http://evil.example", "X-Forwarded-Host": "www.clearline.example" },
    );
    expect(foreign.status).toBe(403);
    expect((await server.db.selectFrom("newsletterSignups").select("email").orderBy("email").execute()).map((row) => row.email)).toEqual([
      "named@example.co.uk",
      "proxied@example.co.uk",
    ]);
    const malformed = await visitor.get("/about", { "X-Forwarded-Host": "evil.example:99999" });
    expect(malformed.status).toBe(400);
    expect(errorsLogged(server)).toBe(before);
  });
});
