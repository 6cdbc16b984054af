import http from "node:http";
import { describe, expect, it } from "vitest";
import { MARKETING_CONSENT } from "~/features/leads/consent";
import { LEAD_REFERENCE_PATTERN } from "~/features/leads/lead-reference";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { SAMPLE_QUOTE as completeQuote } from "../support/forms";
import { type TestServer, testServerForSuite } from "../support/server";
import { leadSearchMatches, refuseWrites } from "../support/database";

/** A post as another business's system sends it, with no Origin: the shared client always sends the site's own. */
function postJson(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/quote-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("POST /api/quote-requests", () => {
  const server = testServerForSuite();

  it("stores all thirteen fields, ignores unknown ones, and answers 201 with the id and reference", async () => {
    const response = await postJson(server, { ...completeQuote, favouriteColour: "blue", status: "converted" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["id", "reference"]);
    expect(body.reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(body.reference.startsWith(`CLB-${new Date().getFullYear()}-`)).toBe(true);

    const lead = await server.db.selectFrom("leads").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      ...completeQuote,
      postcode: "LS1 4AP",
      reference: body.reference,
      status: "new",
      sourcePage: "api",
    });
    expect(lead.createdAt).toBe(lead.updatedAt);
    expect(Date.now() - Date.parse(lead.createdAt)).toBeLessThan(60_000);
    // No LEAD_WEBHOOK_URL: nothing is queued to send (tests/server/lead-outbox.test.ts covers the webhook).
    expect(await server.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("accepts the nine wizard answers alone (postcode and the extra four are optional)", async () => {
    const { postcode: _p, contractLength: _c, companyName: _n, jobTitle: _j, requirements: _r, ...required } = completeQuote;
    const response = await postJson(server, required);
    expect(response.status).toBe(201);
  });

  it.each([
    ["a missing required field", { businessName: undefined }, "businessName"],
    ["an empty required field", { firstName: "  " }, "firstName"],
    ["an unknown team size", { teamSize: "500" }, "teamSize"],
    ["an unknown contract expiry", { contractExpiry: "Yesterday" }, "contractExpiry"],
    ["an unknown business type", { businessType: "Charity" }, "businessType"],
    ["a malformed email", { email: "sam.patel" }, "email"],
    ["a phone that is not a phone number", { phoneNumber: "ring me on my mobile" }, "phoneNumber"],
    ["an over-long business name", { businessName: "x".repeat(201) }, "businessName"],
    ["a number where text belongs", { lastName: 42 }, "lastName"],
  ])("answers 400 with the field's error for %s, and stores nothing", async (_case, change, field) => {
    const before = (await server.db.selectFrom("leads").select("id").execute()).length;
    const response = await postJson(server, { ...completeQuote, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Invalid quote request");
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    expect((await server.db.selectFrom("leads").select("id").execute()).length).toBe(before);
  });

  it.each([
    ["malformed JSON", "{ not json"],
    ["a JSON array", "[]"],
    ["JSON null", "null"],
    ["an empty body", ""],
  ])("answers 400 to %s", async (_case, body) => {
    const response = await postJson(server, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("error");
  });

  it("answers 413 to an oversized body without storing it", async () => {
    const response = await postJson(server, { ...completeQuote, requirements: "x".repeat(20_000) });
    expect(response.status).toBe(413);
  });

  it("answers 413 to an oversized body sent without a length (chunked)", async () => {
    const url = new URL("/api/quote-requests", server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(url, { method: "POST", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      // Writing may fail once the server has answered and stopped reading: the answer is what counts.
      request.on("error", () => {});
      request.on("close", () => reject(new Error("the connection closed without an answer")));
      request.write('{"requirements":"');
      request.write("y".repeat(40_000));
      request.end('"}');
    });
    expect(status).toBe(413);
  });

  it("refuses a call from another site's page with 403", async () => {
    const response = await postJson(server, completeQuote, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused" });
  });

  it("answers GET with 405", async () => {
    const response = await fetch(`${server.url}/api/quote-requests`);
    expect(response.status).toBe(405);
  });

  it("pretends to accept a submission with the honeypot filled, and stores nothing", async () => {
    const before = (await server.db.selectFrom("leads").select("id").execute()).length;
    const response = await postJson(server, { ...completeQuote, websiteUrl: "http://spam.example" });
    expect(response.status).toBe(201);
    expect((await server.db.selectFrom("leads").select("id").execute()).length).toBe(before);
  });

  it("makes exactly 200 leads with 200 different references from 200 simultaneous submissions", async () => {
    const before = (await server.db.selectFrom("leads").select("id").execute()).length;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => postJson(server, { ...completeQuote, email: `buyer${index}@example.co.uk` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(bodies.map((body) => body.reference)).size).toBe(200);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(200);
    const rows = await server.db.selectFrom("leads").select(["reference", "email"]).where("email", "like", "buyer%").execute();
    expect(rows.length).toBe(200);
    expect((await server.db.selectFrom("leads").select("id").execute()).length).toBe(before + 200);
    expect(new Set(rows.map((row) => row.reference))).toEqual(new Set(bodies.map((body) => body.reference)));
  });

  it("has every acknowledged lead in the lead search by its reference, name and phone number without spaces", async () => {
    const bodies = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const response = await postJson(server, { ...completeQuote, lastName: `Searchable${index}`, email: `found${index}@example.co.uk` });
        expect(response.status).toBe(201);
        return (await response.json()) as { id: number; reference: string };
      }),
    );
    const found = (text: string) => leadSearchMatches(server.db, text);
    for (const [index, { id, reference }] of bodies.entries()) {
      expect(await found(reference)).toEqual([id]);
      expect(await found(`Searchable${index}`)).toContain(id);
      expect(await found(`found${index}@example`)).toEqual([id]);
    }
    expect(await found("07700900123")).toEqual(expect.arrayContaining(bodies.map((body) => body.id)));
  });

  it("stores every other lead sent at the same time as one that cannot be stored", async () => {
    const allowWrites = await refuseWrites(server.db, { table: "leads", event: "INSERT", message: "disk I/O error", email: "refused@example.co.uk" });
    try {
      const emails = Array.from({ length: 30 }, (_, index) => (index === 15 ? "refused@example.co.uk" : `together${index}@example.co.uk`));
      const responses = await Promise.all(emails.map((email) => postJson(server, { ...completeQuote, email })));
      expect(responses.map((response) => response.status)).toEqual(emails.map((email) => (email.startsWith("refused") ? 503 : 201)));
      const stored = await server.db.selectFrom("leads").select("email").where("email", "like", "together%").execute();
      expect(stored).toHaveLength(29);
      expect(await server.db.selectFrom("leads").select("id").where("email", "=", "refused@example.co.uk").execute()).toEqual([]);
    } finally {
      await allowWrites();
    }
  });

  it("makes one lead from the same wizard form posted many times at once, beside other leads sent with it", async () => {
    const submissionToken = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const finalStep = { ...completeQuote, email: "once@example.co.uk", intent: "quote-submit", submissionToken };
    const [wizardPosts, apiPosts] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () => fetch(`${server.url}/?index`, { method: "POST", body: new URLSearchParams(finalStep), redirect: "manual" })),
      ),
      Promise.all(Array.from({ length: 10 }, (_, index) => postJson(server, { ...completeQuote, email: `beside${index}@example.co.uk` }))),
    ]);
    expect(wizardPosts.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(apiPosts.map((response) => response.status)).toEqual(Array(10).fill(201));
    const leads = await server.db.selectFrom("leads").select(["reference", "submissionToken"]).where("email", "=", "once@example.co.uk").execute();
    expect(leads).toEqual([{ reference: expect.stringMatching(LEAD_REFERENCE_PATTERN), submissionToken }]);
    for (const response of wizardPosts) expect(await response.text()).toContain(leads[0]!.reference);
    expect(await server.db.selectFrom("leads").select("id").where("email", "like", "beside%").execute()).toHaveLength(10);
  });

  it("answers 503, not 500, when the lead cannot be stored, and keeps nothing", async () => {
    // A storage failure, made real: the database refuses the insert.
    const allowWrites = await refuseWrites(server.db, { table: "leads", event: "INSERT", message: "disk I/O error" });
    try {
      const response = await postJson(server, completeQuote);
      expect(response.status).toBe(503);
      expect((await response.json()).error).toMatch(/try again/);
    } finally {
      await allowWrites();
    }
  });
});

describe("rate limit on quote requests", () => {
  const server = testServerForSuite({}, { tuning: { rateLimitMax: 3 } });

  it("answers 429 with Retry-After past the limit, storing nothing more", async () => {
    for (let index = 0; index < 3; index++) expect((await postJson(server, completeQuote)).status).toBe(201);
    const limited = await postJson(server, completeQuote);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await server.db.selectFrom("leads").select("id").execute()).toHaveLength(3);
  });
});

describe("POST /api/quote-requests: marketing consent (PECR), as the wizard's box", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);

  async function leadJson(id: number) {
    const owner = await staffClient(server, "super_admin");
    const response = await owner.get(`/admin/api/quote-requests/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { marketing: { consent: string; record: { wording: string; wordingVersion: string; page: string } | null } };
  }

  it.each([
    ["true", true],
    ['"yes"', "yes"],
  ])("%s stores a consent record with the exact wording, its version and the page, and the lead's JSON shows it", async (_name, consent) => {
    const email = `api-consent-${String(consent)}@example.co.uk`;
    const response = await postJson(server, { ...completeQuote, email, marketingConsent: consent });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const records = await server.db.selectFrom("consentRecords").selectAll().where("email", "=", email).execute();
    expect(records).toEqual([
      expect.objectContaining({
        leadId: id,
        purpose: "marketing_email",
        page: "api",
        wording: MARKETING_CONSENT.wording,
        wordingVersion: MARKETING_CONSENT.version,
        withdrawnAt: null,
      }),
    ]);
    expect((await leadJson(id)).marketing).toMatchObject({
      consent: "given",
      record: { wording: MARKETING_CONSENT.wording, wordingVersion: MARKETING_CONSENT.version, page: "api" },
    });
  });

  it.each([
    ["left out", undefined],
    ["false", false],
    ["null", null],
    ['"no"', "no"],
    ['""', ""],
  ])("%s stores no consent record, and the lead says consent is not given", async (name, consent) => {
    const email = `api-no-consent-${name.replace(/\W/g, "")}@example.co.uk`;
    const response = await postJson(server, { ...completeQuote, email, marketingConsent: consent });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await server.db.selectFrom("consentRecords").selectAll().where("email", "=", email).execute()).toEqual([]);
    expect((await leadJson(id)).marketing).toMatchObject({ consent: "not given", record: null });
  });

  it.each([
    ["a number", 1],
    ["a list", ["yes"]],
    ["an object", { given: true }],
  ])("%s is refused with the field's error (400), and nothing is stored", async (_name, consent) => {
    const email = "api-bad-consent@example.co.uk";
    const response = await postJson(server, { ...completeQuote, email, marketingConsent: consent });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ marketingConsent: "Send marketingConsent as true (the box ticked) or false" });
    expect(await server.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await server.db.selectFrom("consentRecords").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});
