import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestHook, type HookDelivery } from "../support/hook";
import { submitQuoteRequest } from "../support/leads";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Each lead webhook delivery is signed as the Standard Webhooks spec says, so
 * the receiving CRM can tell our deliveries from anyone's: `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`. A real server posts to a real receiving hook, which
 * checks the signature the way a receiver would.
 */

const quote = {
  teamSize: "3 - 4",
  contractExpiry: "Out of contract",
  businessType: "Partnership",
  businessName: "Signed & Sealed Ltd",
  firstName: "Sian",
  lastName: "Seal",
  phoneNumber: "0161 496 0001",
};

/** A `whsec_` secret as the spec makes them: base64 of random bytes. */
const KEY_BYTES = crypto.randomBytes(32);
const WHSEC_SECRET = `whsec_${KEY_BYTES.toString("base64")}`;
const PLAIN_SECRET = "a-plain-shared-secret-of-some-length";

/** What a receiver does (Standard Webhooks): recompute the signature over id.timestamp.body and compare. */
function verifies(delivery: Pick<HookDelivery, "headers" | "rawBody">, key: Buffer): boolean {
  const id = String(delivery.headers["webhook-id"] ?? "");
  const timestamp = String(delivery.headers["webhook-timestamp"] ?? "");
  const expected = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${delivery.rawBody}`).digest();
  return String(delivery.headers["webhook-signature"] ?? "")
    .split(" ")
    .some((signature) => {
      const [version, value] = signature.split(",");
      const given = Buffer.from(value ?? "", "base64");
      return version === "v1" && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}

async function deliveredLead(server: TestServer, hook: TestHook, email: string): Promise<HookDelivery> {
  await submitQuoteRequest(server, { ...quote, email });
  await expect.poll(() => hook.acceptedOf(email).length).toBe(1);
  return hook.acceptedOf(email)[0];
}

describe("signed lead webhook deliveries", () => {
  let hook: TestHook;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    hook = await TestHook.start();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await hook?.stop();
  });

  it("carry a Standard Webhooks signature that verifies with a whsec_ secret, and fails for a tampered body", async () => {
    const server = await startTestServer({ LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: WHSEC_SECRET });
    servers.push(server);
    const delivery = await deliveredLead(server, hook, "sian@signed-sealed.co.uk");
    const outbox = await server.db.selectFrom("outbox").select("id").where("kind", "=", "lead.webhook").executeTakeFirstOrThrow();
    expect(delivery.headers["webhook-id"]).toBe(`outbox-${outbox.id}`);
    expect(delivery.headers["webhook-timestamp"]).toMatch(/^\d+$/);
    // The timestamp is the try's, in Unix seconds (this machine's clock; an hour's margin for a slow one).
    expect(Math.abs(Number(delivery.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60 * 60);
    expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(delivery, KEY_BYTES)).toBe(true);

    const tampered = delivery.rawBody.replace("Signed & Sealed Ltd", "Signed & Sealed PLC");
    expect(tampered).not.toBe(delivery.rawBody);
    expect(verifies({ ...delivery, rawBody: tampered }, KEY_BYTES)).toBe(false);
    expect(verifies(delivery, crypto.randomBytes(32))).toBe(false);
    expect(verifies({ ...delivery, headers: { ...delivery.headers, "webhook-timestamp": "1" } }, KEY_BYTES)).toBe(false);
  });

  it("are signed with a plain secret's own bytes", async () => {
    const server = await startTestServer({ LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: PLAIN_SECRET });
    servers.push(server);
    const delivery = await deliveredLead(server, hook, "plain@signed-sealed.co.uk");
    expect(verifies(delivery, Buffer.from(PLAIN_SECRET, "utf8"))).toBe(true);
  });
});

describe("the lead webhook's address in production", () => {
  it("must be https: a server with an http:// hook on another machine refuses to start, saying why", async () => {
    await expect(startTestServer({ LEAD_WEBHOOK_URL: "http://example.com/new-lead" })).rejects.toThrow(
      /Invalid configuration: LEAD_WEBHOOK_URL must be an https:\/\/ URL in production/,
    );
  });
});
