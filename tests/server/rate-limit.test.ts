import { describe, expect, it } from "vitest";
import { clientKey } from "~/platform/client-address";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { publicClient } from "../support/client";
import { testServerForSuite } from "../support/server";

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:0:0:0:1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("counts %s as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe("rate limits on public forms", () => {
  const server = testServerForSuite({ TRUST_PROXY: "true" }, { tuning: { rateLimitMax: 2, rateLimitGlobalMax: 5, rateLimitWindowSeconds: 600 } });

  // Each client's address as the proxy in front (Fly) names it.
  const signUp = (clientAddress: string, email: string) => publicClient(server).postForm("/about", { email }, { "Fly-Client-IP": clientAddress });
  const stored = async () => (await server.db.selectFrom("newsletterSignups").select("id").execute()).length;

  it("counts every address of one IPv6 /64 as one client, and another /64 apart", async () => {
    expect((await signUp("2001:db8:aa:1::1", "one@example.co.uk")).status).toBe(302);
    expect((await signUp("2001:db8:aa:1:ffff::2", "two@example.co.uk")).status).toBe(302);
    const limited = await signUp("2001:db8:aa:1:1234:5678:9abc:def0", "three@example.co.uk");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signUp("2001:db8:aa:2::1", "four@example.co.uk")).status).toBe(302);
    expect(await stored()).toBe(3);
  });

  it("caps a form's writes from everyone together, so rotating addresses cannot fill the disk", async () => {
    // Two more fit under the cap of five (three were stored above); then every new address is refused.
    expect((await signUp("198.51.100.1", "five@example.co.uk")).status).toBe(302);
    expect((await signUp("198.51.100.2", "six@example.co.uk")).status).toBe(302);
    for (const address of ["198.51.100.3", "198.51.100.4", "2001:db8:bb::1"]) {
      expect((await signUp(address, `rotating-${address.replace(/[:.]/g, "-")}@example.co.uk`)).status, address).toBe(429);
    }
    expect(await stored()).toBe(5);
  });
});

describe("the cap from everyone together counts only writes that would be stored", () => {
  const server = testServerForSuite({ TRUST_PROXY: "true" }, { tuning: { rateLimitMax: 3, rateLimitGlobalMax: 4, rateLimitWindowSeconds: 600 } });

  const post = (path: string, clientAddress: string, body: URLSearchParams | string) =>
    publicClient(server).post(path, body, {
      "Fly-Client-IP": clientAddress,
      "Content-Type": typeof body === "string" ? "application/json" : "application/x-www-form-urlencoded",
    });
  const stored = async () => ({
    leads: (await server.db.selectFrom("leads").select("id").execute()).length,
    enquiries: (await server.db.selectFrom("contactEnquiries").select("id").execute()).length,
    signups: (await server.db.selectFrom("newsletterSignups").select("id").execute()).length,
  });

  it("lets a genuine visitor from a fresh address through after junk from many addresses", async () => {
    // Ten addresses, each sending junk and bot posts to every public write: more than the cap of four from everyone.
    for (let index = 1; index <= 10; index++) {
      const address = `203.0.113.${index}`;
      expect((await post("/api/quote-requests", address, "{}")).status, address).toBe(400);
      expect((await post("/api/quote-requests", address, JSON.stringify({ ...SAMPLE_QUOTE, websiteUrl: "http://spam.example" }))).status).toBe(201);
      expect((await post("/?index", address, new URLSearchParams({ intent: "quote-submit", ...SAMPLE_QUOTE, firstName: "" }))).status).toBe(400);
      expect((await post("/contact", address, new URLSearchParams({ ...SAMPLE_ENQUIRY, message: "" }))).status).toBe(400);
      expect((await post("/about", address, new URLSearchParams({ email: "not an address" }))).status).toBe(400);
    }
    expect(await stored()).toEqual({ leads: 0, enquiries: 0, signups: 0 });

    expect((await post("/api/quote-requests", "198.51.100.20", JSON.stringify(SAMPLE_QUOTE))).status).toBe(201);
    const wizard = await post("/?index", "198.51.100.21", new URLSearchParams({ intent: "quote-submit", ...SAMPLE_QUOTE }));
    expect(wizard.status).toBe(200);
    expect(await wizard.text()).toMatch(/CLB-\d{4}-\d{6}/);
    expect((await post("/contact", "198.51.100.22", new URLSearchParams(SAMPLE_ENQUIRY))).status).toBe(302);
    expect((await post("/about", "198.51.100.23", new URLSearchParams({ email: "genuine@example.co.uk" }))).status).toBe(302);
    expect(await stored()).toEqual({ leads: 2, enquiries: 1, signups: 1 });
  });

  it("still counts every post of one client, junk included", async () => {
    const address = "203.0.113.99";
    for (let index = 0; index < 3; index++) expect((await post("/api/quote-requests", address, "{}")).status).toBe(400);
    const limited = await post("/api/quote-requests", address, JSON.stringify(SAMPLE_QUOTE));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
