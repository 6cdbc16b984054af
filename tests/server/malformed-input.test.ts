import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signIn, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { productTableNames } from "../support/database";

/**
 * Malformed bodies of every kind, sent to every public route and JSON route
 * that reads one: no answer is a server fault (5xx), and a refused request
 * (4xx) changes no row.
 */

type Kind = "json" | "form" | "multipart";

interface Target {
  method: string;
  path: string;
  kind: Kind;
  /** The fields the route reads. */
  fields: string[];
  /** A failed sign-in is counted on purpose, so its refusals do write. */
  refusalsMayWrite?: boolean;
}

interface Probe {
  name: string;
  contentType?: string;
  body: string | Buffer;
}

const QUOTE_FIELDS = [
  "teamSize",
  "contractExpiry",
  "businessType",
  "businessName",
  "postcode",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "contractLength",
  "companyName",
  "jobTitle",
  "requirements",
];
const HUGE = "x".repeat(10_000);
const DEEP_JSON = `${"[".repeat(5000)}${"]".repeat(5000)}`;
const BAD_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]); // {"a":"<invalid>"}

const encodeForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const everyField = <Value>(fields: string[], value: Value): Record<string, Value> => Object.fromEntries(fields.map((field) => [field, value]));

/** The same malformed ideas, shaped for each kind of route. */
function probesFor(target: Target): Probe[] {
  const json = "application/json";
  const form = "application/x-www-form-urlencoded";
  const common: Probe[] = [
    { name: "bad UTF-8 bytes", contentType: target.kind === "json" ? json : form, body: BAD_UTF8 },
    { name: "no content type", body: "teamSize=10%2B&email=a%40b.co" },
    { name: "text/plain", contentType: "text/plain", body: "hello" },
    { name: "multipart without a boundary", contentType: "multipart/form-data", body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
    { name: "multipart cut off", contentType: "multipart/form-data; boundary=cut", body: '--cut\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf' },
    {
      name: "multipart with garbage",
      contentType: "multipart/form-data; boundary=zz",
      body: Buffer.from([0x2d, 0x2d, 0x7a, 0x7a, 0x0d, 0x0a, 0xff, 0x00, 0xfe]),
    },
    {
      name: "JSON where a form is expected, or the reverse",
      contentType: target.kind === "json" ? form : json,
      body: target.kind === "json" ? encodeForm(everyField(target.fields, "a")) : JSON.stringify(everyField(target.fields, "a")),
    },
    { name: "an empty body", contentType: target.kind === "json" ? json : form, body: "" },
  ];
  if (target.kind === "json") {
    return [
      ...common,
      ...[null, [], 1, "text", true].map((value) => ({ name: `the body ${JSON.stringify(value)}`, contentType: json, body: JSON.stringify(value) })),
      ...[12345, ["a"], { nested: true }, null, false, HUGE, "\u0000", "   "].map((value) => ({
        name: `every field ${typeof value === "string" ? `a string of ${value.length}` : JSON.stringify(value)}`,
        contentType: json,
        body: JSON.stringify(everyField(target.fields, value)),
      })),
      { name: "deeply nested JSON", contentType: json, body: DEEP_JSON },
      { name: "JSON cut off", contentType: json, body: '{"email": "a@b.co", "teamSize": ' },
      { name: "duplicate keys", contentType: json, body: `{${target.fields.map((field) => `"${field}": "one", "${field}": 2`).join(", ")}}` },
      { name: "a prototype key", contentType: json, body: '{"__proto__": {"role": "super_admin"}, "constructor": {"prototype": {}}}' },
    ];
  }
  if (target.kind === "form") {
    return [
      ...common,
      { name: "every field huge", contentType: form, body: encodeForm(everyField(target.fields, HUGE)) },
      { name: "every field a NUL", contentType: form, body: encodeForm(everyField(target.fields, "\u0000")) },
      { name: "duplicate fields", contentType: form, body: target.fields.map((field) => `${field}=one&${field}=${encodeURIComponent(HUGE)}`).join("&") },
      { name: "broken percent-encoding", contentType: form, body: target.fields.map((field) => `${field}=%FF%FE%E0%80%zz`).join("&") },
      { name: "field names only", contentType: form, body: target.fields.join("&") },
    ];
  }
  return [
    ...common,
    {
      name: "a file part with no file name",
      contentType: "multipart/form-data; boundary=b",
      body: '--b\r\nContent-Disposition: form-data; name="image"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--b--\r\n',
    },
    {
      name: "two file parts and a huge location",
      contentType: "multipart/form-data; boundary=b",
      body: `--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot a png\r\n--b\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\n\r\nnope\r\n--b\r\nContent-Disposition: form-data; name="location"\r\n\r\n${HUGE}\r\n--b--\r\n`,
    },
  ];
}

describe("malformed input", () => {
  let server: TestServer;
  let owner: string;
  let targets: Target[];

  beforeAll(async () => {
    server = await startTestServer(TEST_OWNER_ENV);
    owner = await signIn(server, TEST_OWNER.email, TEST_OWNER.password);
    const other = await createAdminUserRow(server.db, { email: "fuzz.target@clearlinebusiness.co.uk", role: "manager" });
    const now = new Date().toISOString();
    const testimonial = await server.db
      .insertInto("testimonials")
      .values({
        name: "Fuzz",
        company: "Target Ltd",
        position: "Owner",
        content: "Fine.",
        rating: 5,
        featured: 0,
        date: "June 1, 2025",
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lead = await server.db
      .insertInto("leads")
      .values({
        reference: "CLB-2026-424242",
        teamSize: "1 - 2",
        contractExpiry: "Not sure",
        businessType: "Other",
        businessName: "Fuzz Target",
        firstName: "F",
        lastName: "T",
        email: "f@t.co.uk",
        phoneNumber: "07700 900000",
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const wizard = [...QUOTE_FIELDS, "intent", "submissionToken", "websiteUrl"];
    targets = [
      { method: "POST", path: "/api/quote-requests", kind: "json", fields: QUOTE_FIELDS },
      { method: "POST", path: "/?index", kind: "form", fields: wizard },
      { method: "POST", path: "/business-mobile", kind: "form", fields: wizard },
      { method: "POST", path: "/contact", kind: "form", fields: ["firstName", "lastName", "email", "contactNumber", "subject", "message", "websiteUrl"] },
      { method: "POST", path: "/about", kind: "form", fields: ["firstName", "lastName", "email", "websiteUrl"] },
      { method: "POST", path: "/testimonials", kind: "form", fields: ["firstName", "lastName", "email", "websiteUrl"] },
      { method: "POST", path: "/cookie-consent", kind: "form", fields: ["consent", "redirectTo"] },
      { method: "POST", path: "/admin/api/login", kind: "form", fields: ["email", "password"], refusalsMayWrite: true },
      { method: "POST", path: "/admin/api/users", kind: "json", fields: ["email", "firstName", "lastName", "role", "id", "isActive", "profileImageUrl"] },
      { method: "PUT", path: `/admin/api/users/${other.id}/role`, kind: "json", fields: ["role"] },
      { method: "POST", path: "/admin/api/testimonials", kind: "json", fields: ["name", "company", "position", "content", "rating", "featured", "date"] },
      {
        method: "PATCH",
        path: `/admin/api/testimonials/${testimonial.id}`,
        kind: "json",
        fields: ["name", "company", "position", "content", "rating", "featured", "date"],
      },
      { method: "PUT", path: `/admin/api/quote-requests/${lead.id}`, kind: "json", fields: ["status"] },
      { method: "POST", path: "/admin/api/stock-images", kind: "multipart", fields: ["image", "location", "description"] },
    ];
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Every row the product keeps, to compare before and after a refusal; sign-in sessions and
   * the shared rate-limit windows (Postgres) aside: a refused request still counts against its limit.
   */
  async function snapshot(): Promise<string> {
    const names = (await productTableNames(server.db)).filter((name) => name !== "sessions" && name !== "rateLimitWindows");
    // Rows sorted as text: some tables have no rowid to order by.
    const tables = await Promise.all(
      names.map(async (name) => [name, (await sql`SELECT * FROM ${sql.table(name)}`.execute(server.db)).rows.map((row) => JSON.stringify(row)).sort()]),
    );
    return JSON.stringify(tables);
  }

  it("never answers with a server fault, and a refused request changes nothing", async () => {
    const faults: string[] = [];
    const writesOnRefusal: string[] = [];
    let sent = 0;
    for (const target of targets) {
      for (const probe of probesFor(target)) {
        const before = await snapshot();
        const headers: Record<string, string> = { Cookie: owner, Origin: server.url };
        if (probe.contentType) headers["Content-Type"] = probe.contentType;
        const body = typeof probe.body === "string" ? probe.body : new Uint8Array(probe.body);
        const response = await fetch(`${server.url}${target.path}`, { method: target.method, headers, body, redirect: "manual" });
        const text = await response.text();
        sent += 1;
        const label = `${target.method} ${target.path} with ${probe.name}: ${response.status}`;
        if (response.status >= 500) faults.push(`${label} ${text.slice(0, 200)}`);
        if (response.status >= 400 && !target.refusalsMayWrite && (await snapshot()) !== before) writesOnRefusal.push(label);
        // No stack trace or internal error text reaches a caller.
        if (/\bat .+\.(js|ts):\d+|SqliteError|TypeError:/.test(text)) faults.push(`${label} leaked: ${text.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(250);
    expect(faults.join("\n")).toBe("");
    expect(writesOnRefusal.join("\n")).toBe("");
    // Still serving, and still signed in (nothing above broke the session).
    expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: owner } })).status).toBe(200);
  });
});
