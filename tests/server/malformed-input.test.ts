import { describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { bodyProbes, LEAKED_ERROR, RowWatch, type BodyKind } from "../support/malformed";

/**
 * Malformed bodies of every kind (tests/support/malformed.ts), sent to every
 * public route that reads one and to the sign-in form: no answer is a server
 * fault (5xx), and a refused request (4xx) changes no row.
 */

interface Target {
  method: string;
  path: string;
  kind: BodyKind;
  /** The fields the route reads. */
  fields: string[];
  /** A failed sign-in is counted on purpose, so its refusals do write. */
  refusalsMayWrite?: boolean;
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

const WIZARD_FIELDS = [...QUOTE_FIELDS, "intent", "submissionToken", "websiteUrl"];

/** The staff forms and JSON writes are probed as each role in malformed-staff-forms.test.ts. */
const TARGETS: Target[] = [
  { method: "POST", path: "/api/quote-requests", kind: "json", fields: QUOTE_FIELDS },
  { method: "POST", path: "/?index", kind: "form", fields: WIZARD_FIELDS },
  { method: "POST", path: "/business-mobile", kind: "form", fields: WIZARD_FIELDS },
  { method: "POST", path: "/contact", kind: "form", fields: ["firstName", "lastName", "email", "contactNumber", "subject", "message", "websiteUrl"] },
  { method: "POST", path: "/about", kind: "form", fields: ["firstName", "lastName", "email", "websiteUrl"] },
  { method: "POST", path: "/testimonials", kind: "form", fields: ["firstName", "lastName", "email", "websiteUrl"] },
  { method: "POST", path: "/cookie-consent", kind: "form", fields: ["consent", "redirectTo"] },
  { method: "POST", path: "/admin/api/login", kind: "form", fields: ["email", "password"], refusalsMayWrite: true },
];

describe("malformed input", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);
  const owner = forSuite(() => staffClient(server, "super_admin"));

  it("never answers with a server fault, and a refused request changes nothing", async () => {
    const faults: string[] = [];
    const writesOnRefusal: string[] = [];
    let sent = 0;
    const rows = await RowWatch.start(server.db);
    for (const target of TARGETS) {
      for (const probe of bodyProbes(target.kind, target.fields)) {
        const headers: Record<string, string> = probe.contentType ? { "Content-Type": probe.contentType } : {};
        const body = typeof probe.body === "string" ? probe.body : new Uint8Array(probe.body);
        const response = await owner.request(target.method, target.path, { body, headers });
        const text = await response.text();
        sent += 1;
        const label = `${target.method} ${target.path} with ${probe.name}: ${response.status}`;
        if (response.status >= 500) faults.push(`${label} ${text.slice(0, 200)}`);
        const changes = await rows.changes();
        if (response.status >= 400 && !target.refusalsMayWrite && changes.length) writesOnRefusal.push(`${label}: ${changes.join("; ")}`);
        // No stack trace or internal error text reaches a caller.
        if (LEAKED_ERROR.test(text)) faults.push(`${label} leaked: ${text.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(120);
    expect(faults.join("\n")).toBe("");
    expect(writesOnRefusal.join("\n")).toBe("");
    // Still serving, and still signed in (nothing above broke the session).
    expect((await owner.get("/admin/api/auth/user")).status).toBe(200);
  });
});
