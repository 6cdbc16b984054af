import { createCookie } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { COOKIE_NAMES } from "~/platform/site-cookies";
import { testDatabaseKind, testServerForSuite } from "../support/server";

const server = testServerForSuite();

const PAGES = [
  ["/", /Business Mobile/i],
  ["/business-mobile", /Business Mobile/i],
  ["/testimonials", /Testimonials/i],
  ["/about", /About/i],
  ["/contact", /Contact/i],
  ["/terms", /Terms/i],
  ["/privacy", /Privacy/i],
  ["/cookies", /Cookie/i],
  ["/guides/keeping-your-numbers-when-you-switch", /Keeping your numbers/],
  ["/guides/mid-contract-price-rises", /price rises/],
  ["/guides/choosing-a-mobile-plan-for-your-team", /Choosing a mobile plan/],
] as const;

/** The home page's guide cards, as their titles and the links they are. */
const GUIDES = [
  ["/guides/keeping-your-numbers-when-you-switch", "Keeping your numbers when you switch"],
  ["/guides/mid-contract-price-rises", "What mid-contract price rises mean for your business"],
  ["/guides/choosing-a-mobile-plan-for-your-team", "Choosing a mobile plan for your team"],
] as const;

describe("public pages", () => {
  it.each(PAGES)("%s answers 200 with its own title, description and canonical link", async (path, titlePattern) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    expect(title).toMatch(titlePattern);
    expect(title).toContain("ClearLine Business");
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"/>`);
    expect(html).toContain('property="og:title"');
  });

  it("links each of the home page's three guide cards to its guide, which answers 200 with the card's title as its heading and leads to the comparison", async () => {
    const home = await (await fetch(server.url)).text();
    const cardLinks = [...home.matchAll(/<h3[^>]*><a[^>]*href="(\/guides\/[^"]+)"[^>]*>([^<]+)<\/a><\/h3>/g)].map((match) => [match[1], match[2]]);
    expect(cardLinks).toEqual(GUIDES);
    for (const [path, title] of GUIDES) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).toContain('href="/business-mobile#deals"');
      expect(html).toContain('href="/business-mobile#get-quote"');
    }
    expect((await fetch(`${server.url}/guides/no-such-guide`)).status).toBe(404);
  });

  it("gives every page a different title", async () => {
    const titles = await Promise.all(PAGES.map(async ([path]) => (await (await fetch(`${server.url}${path}`)).text()).match(/<title>([^<]*)<\/title>/)?.[1]));
    expect(new Set(titles).size).toBe(PAGES.length);
  });

  it.each(["/no-such-page", "/business-mobile/extra", "/about-us"])("answers %s with 404 Page Not Found", async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
  });

  it("serves robots.txt pointing at the sitemap, and a sitemap of every public page", async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /admin");
    expect(robotsText).toContain(`Sitemap: ${server.url}/sitemap.xml`);

    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PAGES.map(([path]) => `${server.url}${path}`));
  });

  it("serves the favicon and the social sharing image", async () => {
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/favicon.svg", "image/svg+xml"],
      ["/og-image.png", "image/png"],
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain(type);
    }
  });

  it("answers /healthz when the database answers", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});

describe("security headers", () => {
  // Pages shared from the page cache list their scripts' hashes instead (tests/server/page-cache.test.ts).
  it("sends a page rendered for one visitor a CSP whose nonce is the one on its scripts, and a fresh one each time", async () => {
    const first = await fetch(`${server.url}/admin/login`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await first.text();
    const scriptTags = html.match(/<script[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);

    const second = await fetch(`${server.url}/admin/login`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it.each(["/", "/healthz", "/robots.txt", "/favicon.svg", "/no-such-page"])("sends the baseline headers on %s", async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Plain http on a laptop: no HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS in production behind an HTTPS proxy", async () => {
    const response = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("shows a friendly page, not a stack trace, for a bad request", async () => {
    const response = await fetch(`${server.url}/%E0%A4%A`);
    expect(response.status).toBeLessThan(500);
    const body = await response.text();
    expect(body).not.toMatch(/at .*\.js:\d+/);
  });
});

describe("cookie consent", () => {
  /** The banner's form post, answered as it comes (no redirect followed). */
  const postConsent = (fields: Record<string, string>) =>
    fetch(`${server.url}/cookie-consent`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

  it("remembers the choice in a cookie and returns the visitor to the page", async () => {
    // As the banner's form sends it without JavaScript: its script fills in "stay".
    const response = await postConsent({ consent: "accepted", redirectTo: "/about", stay: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/about");
    expect(response.headers.get("set-cookie")).toMatch(/^cookie-consent=[^;]+; Max-Age=31536000; Path=\/; SameSite=Lax/);

    const page = await fetch(`${server.url}/about`, {
      headers: { Cookie: response.headers.get("set-cookie")!.split(";")[0] },
    });
    expect(await page.text()).not.toContain('data-testid="cookie-banner"');
  });

  it("answers the banner's script with the cookie and no redirect, so a link clicked meanwhile is not undone", async () => {
    const response = await postConsent({ consent: "declined", redirectTo: "/about", stay: "true" });
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("set-cookie")).toMatch(/^cookie-consent=declined\.[^;]+; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(await response.json()).toEqual({ consent: "declined" });
  });

  // A browser reads a backslash as a slash and drops tabs and newlines, so each of these would leave the site.
  it.each(["//evil.example/", "/\\evil.example/", "/\t/evil.example/", "/\n/evil.example", "/\r\n/evil.example", "https://evil.example/", "/ok\u0000"])(
    "refuses to send the visitor off the site through %j",
    async (redirectTo) => {
      const response = await postConsent({ consent: "declined", redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("answers 400 to an unknown choice and sets nothing", async () => {
    const response = await postConsent({ consent: "maybe" });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("shows the banner until a choice is made", async () => {
    expect(await (await fetch(`${server.url}/`)).text()).toContain('data-testid="cookie-banner"');
  });
});

describe("a flashed toast", () => {
  // Signed with the test server's secret, as the server's own redirects sign it.
  const toastCookie = createCookie(COOKIE_NAMES.toast, { secrets: ["test-session-secret-0123456789"], path: "/" });
  const pageWith = async (toast: unknown) => {
    const response = await fetch(`${server.url}/about`, { headers: { Cookie: await toastCookie.serialize(toast) } });
    return { html: await response.text(), cleared: response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${COOKIE_NAMES.toast}=;`)) };
  };

  it("is shown once on the page it lands on, then cleared", async () => {
    const { html, cleared } = await pageWith({ id: "t1", kind: "success", title: "Saved at last" });
    expect(html).toContain('data-testid="toast"');
    expect(html).toContain("Saved at last");
    expect(cleared).toBe(true);
  });

  it("of a shape the site never sends shows nothing and is cleared, without an error", async () => {
    const { html, cleared } = await pageWith({ id: "t2", kind: "shouting", title: { text: "Not a toast" } });
    expect(html).not.toContain('data-testid="toast"');
    expect(html).toContain("About");
    expect(cleared).toBe(true);
  });
});

describe("when something breaks on the server", () => {
  const broken = testServerForSuite();
  beforeAll(async () => {
    // A real fault: the table the home page reads is gone.
    await broken.db.schema.dropTable("testimonials").execute();
  });

  it("shows a friendly error page with no stack trace, and logs the fault", async () => {
    const response = await fetch(`${broken.url}/`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Sorry, we couldn&#x27;t load this page");
    expect(html).not.toMatch(/no such table|does not exist|SqliteError|at .+\.js:\d+/);
    const fault = testDatabaseKind === "postgres" ? 'relation "testimonials" does not exist' : "no such table: testimonials";
    // One JSON log line, with the fault's message and stack under `err`.
    const faultLine = () =>
      broken
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: string; event?: string; err?: { message: string; stack: string } })
        .find((line) => line.event === "request.failed");
    await expect.poll(() => faultLine()?.err?.message).toContain(fault);
    expect(faultLine()).toMatchObject({ level: "error", err: { stack: expect.stringContaining(fault) } });
  });

  it("answers a script's data request with a generic error, not the fault's details", async () => {
    const response = await fetch(`${broken.url}/?_data=routes/_site._index`);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/no such table|SqliteError/);
  });

  it("reports unhealthy only when the database itself fails", async () => {
    expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
  });
});
