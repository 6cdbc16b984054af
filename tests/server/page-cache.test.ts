import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_ENQUIRY } from "../support/forms";
import { pngBytes } from "../support/images";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * The page cache's rules: anonymous visitors' public pages are
 * rendered once per page and cookie choice and shared; nothing made for one
 * visitor is ever shared; staff changes show on the next request.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));
const visitor = publicClient(server);

/** A visit with the cookies given (a consent choice, a toast, a staff session): `headers` as sent. */
const view = (path: string, headers: Record<string, string> = {}, method = "GET") => visitor.request(method, path, { headers });

/** Views a page until it comes from the cache (a new page is kept once it is compressed, just after its first view). */
async function viewFromCache(path: string, headers: Record<string, string> = {}): Promise<Response> {
  let response!: Response;
  await expect
    .poll(async () => {
      response = await view(path, headers);
      return response.headers.get("x-page-cache");
    })
    .toBe("hit");
  return response;
}

const CONSENT_BANNER = 'data-testid="cookie-banner"';

describe("anonymous public pages", () => {
  it.each(["/", "/business-mobile", "/about", "/contact", "/testimonials", "/cookies", "/privacy", "/terms"])(
    "%s is rendered once and then served from the cache, with the same bytes and ETag",
    async (path) => {
      const first = await view(path);
      expect(first.status).toBe(200);
      const firstHtml = await first.text();
      const cached = await viewFromCache(path);
      expect(cached.status).toBe(200);
      expect(cached.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(cached.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(await cached.text()).toBe(firstHtml);
      // The headers every page carries are on cached answers too.
      expect(cached.headers.get("x-frame-options")).toBe("DENY");
      expect(cached.headers.get("x-content-type-options")).toBe("nosniff");
      expect(cached.headers.get("cache-control")).toBe("private, no-cache");
      expect(cached.headers.get("vary")).toContain("Cookie");
    },
  );

  it("answers HEAD with the headers alone, and a matching If-None-Match with 304", async () => {
    const cached = await viewFromCache("/about");
    const etag = cached.headers.get("etag")!;

    const head = await view("/about", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");

    const unchanged = await view("/about", { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(await unchanged.text()).toBe("");

    const stale = await view("/about", { "If-None-Match": 'W/"an-older-version"' });
    expect(stale.status).toBe(200);
  });

  it("sends the page compressed as the browser asks (brotli, gzip or none), the same page each way", async () => {
    const plain = await viewFromCache("/about", { "Accept-Encoding": "identity" });
    const html = Buffer.from(await plain.arrayBuffer());
    for (const [acceptEncoding, expected, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["br;q=0, gzip;q=0.8", "gzip", zlib.gunzipSync],
    ] as const) {
      const compressed = await rawGet("/about", { "accept-encoding": acceptEncoding });
      expect(compressed.headers["x-page-cache"]).toBe("hit");
      expect(compressed.headers["content-encoding"]).toBe(expected);
      expect(Number(compressed.headers["content-length"])).toBe(compressed.body.length);
      expect(decode(compressed.body).equals(html)).toBe(true);
    }
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("lets a cached page's inline scripts run by their hashes, with no nonce shared between visitors", async () => {
    const cached = await viewFromCache("/");
    const html = await cached.text();
    expect(html).not.toMatch(/nonce=/);
    const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/src=/.test(attributes));
    expect(inlineScripts.length).toBeGreaterThan(0);
    const scriptSources = cached.headers
      .get("content-security-policy")!
      .match(/script-src ([^;]+)/)![1]
      .split(" ");
    for (const [, , content] of inlineScripts) {
      expect(scriptSources).toContain(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
    }
    expect(scriptSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it("gives a page rendered for one visitor a nonce of its own on every request", async () => {
    const nonces = [];
    for (let index = 0; index < 2; index++) {
      const page = await owner.get("/contact");
      expect(page.headers.get("x-page-cache")).toBeNull();
      const html = await page.text();
      const nonce = page.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
      expect(html).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("what a page is rendered for", () => {
  it("keeps one page per cookie choice, whatever other cookies a visitor sends", async () => {
    // The first to arrive has accepted: their page must not reach a visitor who has not answered, and back.
    const accepted = await viewFromCache("/testimonials", { Cookie: "cookie-consent=accepted" });
    expect(await accepted.text()).not.toContain(CONSENT_BANNER);
    const unanswered = await view("/testimonials");
    expect(unanswered.headers.get("etag")).not.toBe(accepted.headers.get("etag"));
    expect(await unanswered.text()).toContain(CONSENT_BANNER);
    const declined = await view("/testimonials", { Cookie: "cookie-consent=declined" });
    expect(await declined.text()).not.toContain(CONSENT_BANNER);

    const withAnalytics = await viewFromCache("/testimonials", { Cookie: "_ga=GA1.1.123.456; cookie-consent=accepted; theme=dark" });
    expect(withAnalytics.headers.get("etag")).toBe(accepted.headers.get("etag"));
    const unansweredAgain = await viewFromCache("/testimonials", { Cookie: "_ga=GA1.1.123.456; cookie-consent=maybe" });
    expect(await unansweredAgain.text()).toContain(CONSENT_BANNER);
  });

  it("never shares a toast: the visitor it was for sees it, and the next visitor gets the plain page", async () => {
    const enquiry = new URLSearchParams(SAMPLE_ENQUIRY);
    const sent = await visitor.post("/contact", enquiry);
    expect(sent.status).toBe(302);
    const toastCookie = sent.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("toast="))!
      .split(";")[0];

    const theirs = await view("/contact", { Cookie: toastCookie });
    expect(theirs.headers.get("x-page-cache")).toBeNull();
    expect(theirs.headers.get("cache-control")).toBe("private, no-store");
    expect(theirs.headers.getSetCookie().some((cookie) => cookie.startsWith("toast=;"))).toBe(true);
    expect(await theirs.text()).toContain(MESSAGES.enquirySent.title);

    const next = await viewFromCache("/contact");
    expect(await next.text()).not.toContain(MESSAGES.enquirySent.title);
  });

  it("never shares a form's answer: errors and their summary stay with the visitor who sent the form", async () => {
    const before = await viewFromCache("/contact");
    const answer = await visitor.postForm("/contact", { ...SAMPLE_ENQUIRY, email: "not-an-email" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("x-page-cache")).toBeNull();
    const answerHtml = await answer.text();
    expect(answerHtml).toContain("There is a problem");
    expect(answerHtml).toContain("not-an-email");

    const after = await viewFromCache("/contact");
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    const afterHtml = await after.text();
    expect(afterHtml).not.toContain("There is a problem");
    expect(afterHtml).not.toContain("not-an-email");
  });

  it("renders for signed-in staff every time, and keeps nothing from it", async () => {
    // A page and cookie choice no one has viewed yet.
    for (let index = 0; index < 2; index++) {
      const staff = await view("/privacy", { Cookie: `${owner.cookie}; cookie-consent=declined` });
      expect(staff.status).toBe(200);
      expect(staff.headers.get("x-page-cache")).toBeNull();
      await staff.text();
    }
    // Had the staff member's page been kept, this would be a hit.
    expect((await view("/privacy", { Cookie: "cookie-consent=declined" })).headers.get("x-page-cache")).toBe("miss");
  });

  it("shares the plain page with visitors from an advert's tracking link, but renders other query strings", async () => {
    const plain = await viewFromCache("/business-mobile");
    const fromAdvert = await view("/business-mobile?utm_source=google&utm_campaign=spring&gclid=abc123");
    expect(fromAdvert.headers.get("x-page-cache")).toBe("hit");
    expect(fromAdvert.headers.get("etag")).toBe(plain.headers.get("etag"));

    const other = await view("/business-mobile?utm_source=google&step=2");
    expect(other.status).toBe(200);
    expect(other.headers.get("x-page-cache")).toBeNull();
    const data = await view("/business-mobile?_data=root");
    expect(data.headers.get("content-type")).toContain("application/json");
    expect(data.headers.get("x-page-cache")).toBeNull();
  });

  it("keeps one page for every Host a visitor names, its links all from APP_URL, so a forged Host never reaches other visitors", async () => {
    // The test server's APP_URL is its own address.
    const forged = await rawGet("/terms", { host: "evil.example" });
    expect(forged.body.toString()).not.toContain("evil.example");
    expect(forged.body.toString()).toContain(`<link rel="canonical" href="${server.url}/terms"/>`);
    const honest = await viewFromCache("/terms");
    expect(honest.headers.get("etag")).toBe(forged.headers.etag);
    const html = await honest.text();
    expect(html).not.toContain("evil.example");
    expect(html).toContain(`<link rel="canonical" href="${server.url}/terms"/>`);
  });

  it("keeps no error page, no admin page and no answer to anything but GET and HEAD", async () => {
    for (let index = 0; index < 3; index++) {
      const missing = await view("/no-such-page");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-page-cache")).toBeNull();
      expect((await view("/admin/login")).headers.get("x-page-cache")).toBeNull();
    }
    const options = await view("/about", {}, "OPTIONS");
    expect(options.headers.get("x-page-cache")).toBeNull();
  });
});

describe("one address per page", () => {
  it("answers every other spelling of a page's address with a 301 to the page, so a flood of spellings cannot push it out of the cache", async () => {
    const page = await viewFromCache("/about");
    const spellings = [
      "/About",
      "/ABOUT",
      "/%61bout",
      "/%41BOUT",
      "/ab%6Fut",
      "//about",
      ...Array.from({ length: 210 }, (_, index) => `/about${"/".repeat(index + 1)}`),
    ];
    for (const spelling of spellings) {
      const response = await view(spelling);
      expect(response.status, spelling).toBe(301);
      expect(response.headers.get("location"), spelling).toBe("/about");
      expect(response.headers.get("x-page-cache"), spelling).toBeNull();
    }
    // The page is still kept: its next view is a hit, not a render.
    const after = await view("/about");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(after.headers.get("etag")).toBe(page.headers.get("etag"));
  });

  it("keeps the query string on the redirect, and the spelling of a name or id in the address", async () => {
    const fromAdvert = await view("/About/?utm_source=news&utm_campaign=spring");
    expect(fromAdvert.status).toBe(301);
    expect(fromAdvert.headers.get("location")).toBe("/about?utm_source=news&utm_campaign=spring");
    expect((await view("/")).status).toBe(200);
    const home = await view("//");
    expect(home.status).toBe(301);
    expect(home.headers.get("location")).toBe("/");
    // An image's stored name is kept as it was asked for; only the fixed part of the address is put right.
    const image = await view("/Uploads/Team-Photo.PNG/");
    expect(image.status).toBe(301);
    expect(image.headers.get("location")).toBe("/uploads/Team-Photo.PNG");
    expect((await view("/uploads/Team-Photo.PNG")).status).toBe(404);
    // Files and the other routes are answered as before.
    for (const path of ["/robots.txt", "/sitemap.xml", "/favicon.ico", "/healthz"]) expect((await view(path)).status, path).toBe(200);
    const builtFile = /"(\/build\/[^"]+)"/.exec(await (await view("/")).text())![1];
    expect((await view(builtFile)).status).toBe(200);
    // A form post is never redirected (a browser would turn it into a GET).
    const posted = await visitor.postForm("/Contact/", SAMPLE_ENQUIRY);
    expect(posted.status).not.toBe(301);
  });

  it("renders a page once for visitors who all ask for it at the same moment", async () => {
    // A change to what the public pages show (written straight to the database) drops every kept page: none is kept for it now.
    const now = new Date().toISOString();
    await server.db
      .insertInto("testimonials")
      .values({
        name: "Ada Rees",
        company: "Rees Joinery",
        position: "Owner",
        content: "Quick and clear.",
        rating: 5,
        featured: 0,
        date: "June 2026",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const answers = await Promise.all(Array.from({ length: 12 }, () => rawGet("/testimonials", {})));
    const results = answers.map((answer) => answer.headers["x-page-cache"]);
    expect(results.filter((result) => result === "miss")).toHaveLength(1);
    expect(results.filter((result) => result === "hit")).toHaveLength(11);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
  });
});

describe("staff changes", () => {
  it("show on the next view of a cached page: a testimonial added, changed and removed", async () => {
    await viewFromCache("/business-mobile");
    const added = await owner.postJson("/admin/api/testimonials", {
      name: "Priya Shah",
      company: "Shah Dental",
      position: "Owner",
      date: "May 2026",
      content: "Four lines for less than two.",
      rating: 5,
      featured: true,
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const afterAdd = await view("/business-mobile");
    expect(afterAdd.headers.get("x-page-cache")).toBe("miss");
    expect(await afterAdd.text()).toContain("Four lines for less than two.");

    await viewFromCache("/business-mobile");
    const changed = await owner.patch(`/admin/api/testimonials/${id}`, {
      name: "Priya Shah",
      company: "Shah Dental",
      position: "Owner",
      date: "May 2026",
      content: "Five lines for less than two.",
      rating: 5,
      featured: true,
    });
    expect(changed.status).toBe(200);
    expect(await (await view("/business-mobile")).text()).toContain("Five lines for less than two.");

    await viewFromCache("/business-mobile");
    const removed = await owner.delete(`/admin/api/testimonials/${id}`);
    expect(removed.ok).toBe(true);
    expect(await (await view("/business-mobile")).text()).not.toContain("Five lines for less than two.");
  });

  it("show on the next view of a cached page: a stock image uploaded and deleted", async () => {
    await viewFromCache("/about");
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(pngBytes(40, 30))], { type: "image/png" }), "team.png");
    form.set("location", "about-us");
    form.set("description", "Our team in the Leeds office");
    const uploaded = await owner.post("/admin/api/stock-images", form);
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    expect(await (await view("/about")).text()).toContain("Our team in the Leeds office");

    await viewFromCache("/about");
    const removed = await owner.delete(`/admin/api/stock-images/${id}`);
    expect(removed.ok).toBe(true);
    expect(await (await view("/about")).text()).not.toContain("Our team in the Leeds office");
  });

  it("show however they were made: a change written straight to the database is seen too", async () => {
    await viewFromCache("/");
    await server.db
      .insertInto("testimonials")
      .values({
        name: "Owen Price",
        company: "Price Roofing",
        position: "Director",
        content: "Signal on every roof we work on.",
        rating: 5,
        featured: 1,
        date: "April 2026",
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    expect(await (await view("/")).text()).toContain("Signal on every roof we work on.");
  });
});

/** A GET with headers fetch would not send as given (Host) or would decode (Content-Encoding). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, server.url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
