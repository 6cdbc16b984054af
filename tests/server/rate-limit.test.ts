import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "~/lib/client-address";
import { startTestServer, type TestServer } from "../support/server";

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
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "true", RATE_LIMIT_MAX: "2", RATE_LIMIT_GLOBAL_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signUp = (clientAddress: string, email: string) =>
    fetch(`${server.url}/about`, {
      method: "POST",
      redirect: "manual",
      headers: { "Fly-Client-IP": clientAddress, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }),
    });
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
