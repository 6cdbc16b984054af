import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_LIMITS,
  attributionPath,
  attributionValue,
  normaliseAttribution,
  referrerDomain,
  utmFromSearch,
  wizardAttribution,
} from "~/features/leads/attribution";
import { quoteRequestSchema } from "~/features/leads/quote-request-schema";
import { SAMPLE_QUOTE } from "../support/forms";

/** Where a lead came from (app/features/leads/attribution.ts): every value bounded and normalised, a bad one dropped, never a refusal. */
describe("attribution values (UTM)", () => {
  it("keeps a campaign's words in lower case, trimmed, with inner spaces made one", () => {
    expect(attributionValue("Google")).toBe("google");
    expect(attributionValue("  Spring   Sale_2026 ")).toBe("spring sale_2026");
    expect(attributionValue("cpc")).toBe("cpc");
    expect(attributionValue("Été-Promo")).toBe("été-promo");
    expect(attributionValue("x".repeat(ATTRIBUTION_LIMITS.value))).toBe("x".repeat(ATTRIBUTION_LIMITS.value));
  });

  it.each([
    ["empty", ""],
    ["spaces only", "   "],
    ["too long", "x".repeat(ATTRIBUTION_LIMITS.value + 1)],
    ["a spreadsheet formula", "=HYPERLINK(1)"],
    ["markup", "<script>"],
    ["a quote", 'spring"sale'],
    ["a control character", "spring\u0000sale"],
    ["a reordering mark", "spring\u202esale"],
    ["a number rather than text", 42],
    ["a list", ["google"]],
    ["nothing", undefined],
  ])("drops %s", (_name, raw) => {
    expect(attributionValue(raw)).toBeNull();
  });

  it("reads the utm_ parameters of an address's query, leaving out the bad and the missing", () => {
    expect(utmFromSearch("?utm_source=Google&utm_medium=CPC&utm_campaign=Spring+Sale&lines=3")).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "spring sale",
    });
    expect(utmFromSearch("?utm_source=%3Cb%3E&utm_term=mobile%20deals&utm_content=ad-2")).toEqual({ term: "mobile deals", content: "ad-2" });
    expect(utmFromSearch("")).toEqual({});
  });
});

describe("the referring site", () => {
  it("keeps the domain alone from an address or a domain, in lower case, without www.", () => {
    expect(referrerDomain("https://www.Google.co.uk/search?q=business+mobile&secret=1")).toBe("google.co.uk");
    expect(referrerDomain("https://news.example.com/2026/11/story#comments")).toBe("news.example.com");
    expect(referrerDomain("bing.com")).toBe("bing.com");
    expect(referrerDomain("http://user:password@forum.example.org:8080/thread")).toBe("forum.example.org");
  });

  it("ignores our own site, however it is spelt", () => {
    expect(referrerDomain("https://www.clearline.example/business-mobile", "clearline.example")).toBeNull();
    expect(referrerDomain("https://clearline.example/", "www.clearline.example")).toBeNull();
    expect(referrerDomain("http://127.0.0.1:3000/", "127.0.0.1")).toBeNull();
    expect(referrerDomain("https://google.com/", "clearline.example")).toBe("google.com");
  });

  it.each([
    ["empty", ""],
    ["a single name", "localhost"],
    ["a space", "goo gle.com"],
    ["a file address", "file:///etc/passwd"],
    ["not an address", "http://"],
    ["a number", 7],
    ["too long", `${"a".repeat(250)}.com`],
  ])("drops %s", (_name, raw) => {
    expect(referrerDomain(raw)).toBeNull();
  });
});

describe("pages", () => {
  it("keeps the path alone: no host, query or fragment", () => {
    expect(attributionPath("/business-mobile?utm_source=google#deals")).toBe("/business-mobile");
    expect(attributionPath("/")).toBe("/");
    expect(attributionPath("/guides/mid-contract-price-rises")).toBe("/guides/mid-contract-price-rises");
  });

  it("masks a private link's key when given the mask", async () => {
    const { maskPrivateLink } = await import("~/platform/private-links");
    expect(attributionPath("/quote/0123456789abcdef0123456789abcdef", maskPrivateLink)).toBe("/quote/[token]");
    expect(attributionPath("/unsubscribe/abc?x=1", maskPrivateLink)).toBe("/unsubscribe/[token]");
  });

  it.each([
    ["a full address", "https://evil.example/business-mobile"],
    ["a protocol-relative address", "//evil.example/page"],
    ["a relative path", "business-mobile"],
    ["a space", "/business mobile"],
    ["markup", "/<script>"],
    ["too long", `/${"a".repeat(ATTRIBUTION_LIMITS.path)}`],
    ["not text", { path: "/" }],
  ])("drops %s", (_name, raw) => {
    expect(attributionPath(raw)).toBeNull();
  });

  it("normalises every field at once, each on its own", () => {
    expect(
      normaliseAttribution(
        { source: "Google", medium: "=1", referrerDomain: "https://clearline.example/x", landingPath: "/?utm_source=google", formPath: "business-mobile" },
        { ownHost: "clearline.example" },
      ),
    ).toEqual({ source: "google", medium: null, campaign: null, term: null, content: null, referrerDomain: null, landingPath: "/", formPath: null });
  });
});

describe("the quote request schema", () => {
  it("stores good values normalised and drops bad ones without refusing the request", () => {
    const parsed = quoteRequestSchema.safeParse({
      ...SAMPLE_QUOTE,
      source: "Google",
      medium: "CPC",
      campaign: "x".repeat(500),
      term: ["not", "text"],
      content: { nested: true },
      referrerDomain: "https://www.Bing.com/search?q=secret",
      landingPath: "/quote/0123456789abcdef?utm_source=x",
      formPath: "https://evil.example/",
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      source: "google",
      medium: "cpc",
      campaign: null,
      term: null,
      content: null,
      referrerDomain: "bing.com",
      landingPath: "/quote/[token]",
      formPath: null,
    });
  });

  it("records nothing when nothing is sent", () => {
    const parsed = quoteRequestSchema.parse(SAMPLE_QUOTE);
    expect([parsed.source, parsed.referrerDomain, parsed.landingPath, parsed.formPath]).toEqual([null, null, null, null]);
  });
});

describe("a quote wizard post", () => {
  it("without JavaScript: the form page's UTM from its Referer, and the page it posted to", () => {
    expect(
      wizardAttribution({ teamSize: "1 - 2" }, "/business-mobile", "https://clearline.example/business-mobile?lines=3&utm_source=Google&utm_medium=cpc"),
    ).toEqual({
      source: "google",
      medium: "cpc",
      formPath: "/business-mobile",
    });
  });

  it("reads no UTM from a Referer that is another page, or none", () => {
    expect(wizardAttribution({}, "/business-mobile", "https://clearline.example/about?utm_source=google")).toEqual({ formPath: "/business-mobile" });
    expect(wizardAttribution({}, "/", null)).toEqual({ formPath: "/" });
    expect(wizardAttribution({}, "/", "not an address")).toEqual({ formPath: "/" });
  });

  it("takes what the browser (or an earlier step) sent as it is, normalised, and the form page from the server alone", () => {
    const sent = { source: "Newsletter", landingPath: "/guides/x?utm_source=newsletter", referrerDomain: "www.example.org", formPath: "/somewhere-else" };
    expect(wizardAttribution(sent, "/", "https://clearline.example/?utm_source=google")).toEqual({
      source: "newsletter",
      landingPath: "/guides/x",
      referrerDomain: "example.org",
      formPath: "/",
    });
  });
});
