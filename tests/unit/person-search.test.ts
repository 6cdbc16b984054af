import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "../support/temp-data-dir";

/**
 * Finding one person across every table (app/features/privacy/person-search.server.ts),
 * on a real SQLite database: each record is written as the product writes it,
 * and another person, an anonymised lead, lookalike addresses (one that ends
 * with theirs, one that goes on after it) and a phone number that ends with
 * theirs are not found.
 * Through the built server and on Postgres: tests/server/person-erasure.test.ts.
 */

useTempDataDir("person-search");

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/platform/db.server");
const { normalisePhone, suppress, suppressionKey } = await import("~/platform/suppression.server");
const { findPerson } = await import("~/features/privacy/person-search.server");
const { addToOutbox } = await import("~/platform/outbox.server");
const { recordFailedSignIn } = await import("~/features/staff/audit-log.server");
const { insertDataRequest } = await import("../support/database");
const { PHONE_FORMS } = await import("../support/person");

const now = new Date().toISOString();

async function addLead(values: { reference: string; firstName: string; lastName: string; email: string; phoneNumber: string }) {
  const db = await getDb();
  const row = await db
    .insertInto("leads")
    .values({
      ...values,
      teamSize: "1 - 2",
      contractExpiry: "Not sure",
      businessType: "Sole trader",
      businessName: `${values.lastName} Plumbing`,
      postcode: "LS1 1AA",
      companyName: null,
      contractLength: null,
      jobTitle: null,
      requirements: "Two mobiles",
      sourcePage: "/",
      submissionToken: null,
      createdAt: now,
      updatedAt: now,
      webhookDeliveredAt: null,
      tariff: null,
      tariffShortlist: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let ids: Record<string, number>;

beforeAll(async () => {
  const db = await getDb();
  const lead = await addLead({
    reference: "CL-FIND-1",
    firstName: "Rhiannon",
    lastName: "Pryce",
    email: "Rhiannon.Pryce@Example.co.uk",
    phoneNumber: "07700 900461",
  });
  const other = await addLead({ reference: "CL-FIND-2", firstName: "Tomos", lastName: "Hale", email: "tomos@example.co.uk", phoneNumber: "07700 900999" });
  const gone = await addLead({ reference: "CL-FIND-3", firstName: "", lastName: "", email: "rhiannon.pryce@example.co.uk", phoneNumber: "07700 900461" });
  await db.updateTable("leads").set({ anonymisedAt: now }).where("id", "=", gone).execute();
  await db
    .insertInto("leadActivity")
    .values({ leadId: lead, kind: "note", actorId: null, actorName: "Staff", body: "Call after 3pm", createdAt: now })
    .execute();
  await db
    .insertInto("leadActivity")
    .values({ leadId: other, kind: "note", actorId: null, actorName: "Staff", body: "Other person", createdAt: now })
    .execute();
  const quote = await db
    .insertInto("quotes")
    .values({
      leadId: lead,
      version: 1,
      supersedesQuoteId: null,
      token: "secret-link-token",
      lines: "[]",
      totals: null,
      start: now.slice(0, 10),
      customerNote: null,
      internalMemo: null,
      validUntil: "2099-12-31",
      termsVersion: "t1",
      termsText: "Terms",
      createdBy: null,
      createdAt: now,
      updatedAt: now,
      acceptedName: "Rhiannon Pryce",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto("contactEnquiries")
    .values({
      firstName: "Rhiannon",
      lastName: "Pryce",
      email: "other-address@example.co.uk",
      contactNumber: "+44 (0)7700-900461",
      subject: "broadband",
      message: "Hi",
      createdAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const signup = await db
    .insertInto("newsletterSignups")
    .values({ email: "rhiannon.pryce@example.co.uk", firstName: "Rhiannon", lastName: "Pryce", sourcePage: "/about", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("newsletterSignups")
    .values({ email: "rhiannon_pryce@example.co.uk", firstName: null, lastName: null, sourcePage: "/", createdAt: now, updatedAt: now })
    .execute();
  // Someone else whose number ends with theirs (and so shares its last ten digits).
  await db
    .insertInto("contactEnquiries")
    .values({
      firstName: "Cian",
      lastName: "Byrne",
      email: "cian@example.ie",
      contactNumber: "+353 20 7700 900461",
      subject: "broadband",
      message: "Hello",
      createdAt: now,
    })
    .execute();
  await db
    .insertInto("consentRecords")
    .values({
      email: "rhiannon.pryce@example.co.uk",
      leadId: lead,
      newsletterSignupId: null,
      purpose: "marketing_email",
      page: "/",
      wording: "w",
      wordingVersion: "v",
      givenAt: now,
      withdrawnAt: null,
      withdrawnHow: null,
    })
    .execute();
  const outboxRow = (kind: string, payload: unknown, leadId: number | null) => ({
    kind,
    leadId,
    payload: JSON.stringify(payload),
    nextAttemptAt: now,
    lastAttemptAt: null,
    lastError: null,
    deliveredAt: null,
    failedAt: null,
    createdAt: now,
  });
  await db
    .insertInto("outbox")
    .values(outboxRow("lead.webhook", { reference: "CL-FIND-1" }, lead))
    .execute();
  for (const to of ["Rhiannon.Pryce@example.co.uk", "rhiannonxpryce@example.co.uk", "jim.rhiannon.pryce@example.co.uk", "rhiannon.pryce@example.co.uk.au"]) {
    await addToOutbox(db, [{ kind: "newsletter.confirmation-email", leadId: null, payload: { to: [to], subject: "Confirm your subscription" } }]);
  }
  const audit = (entityType: string, entityId: string | null, summary: string) => ({
    actorId: null,
    actorName: "Staff",
    action: "x",
    entityType,
    entityId,
    summary,
    createdAt: now,
  });
  await db
    .insertInto("auditLog")
    .values(audit("lead", String(lead), "Changed status"))
    .execute();
  await db
    .insertInto("auditLog")
    .values(audit("quote", String(quote.id), "Accepted"))
    .execute();
  await db
    .insertInto("auditLog")
    .values(audit("contact_enquiry", String(enquiry.id), "Deleted"))
    .execute();
  for (const email of ["RHIANNON.PRYCE@example.co.uk", "jim.rhiannon.pryce@example.co.uk", "rhiannon.pryce@example.co.uk.au"]) {
    await recordFailedSignIn({ email, method: "password", reason: "invalid", clientAddress: "203.0.113.7" });
  }
  await db
    .insertInto("auditLog")
    .values(audit("lead", String(other), "Changed status of someone else"))
    .execute();
  await db
    .insertInto("signInThrottle")
    .values({ accountKey: "rhiannon.pryce@example.co.uk", clientKey: "203.0.113.7", failures: 1, lastFailedAt: now, blockedUntil: null })
    .execute();
  await insertDataRequest(db, { receivedOn: "2026-11-01", contact: "07700900461", contactKey: suppressionKey("phone", "07700 900461") });
  await suppress(db, { email: "rhiannon.pryce@example.co.uk", reason: "unsubscribed" });
  ids = { lead, other, gone, quote: quote.id, enquiry: enquiry.id, signup: signup.id };
});

describe("finding a person", () => {
  it("by email (any case) and phone (any format) finds their records in every table, and nobody else's", async () => {
    const found = await findPerson({ email: "  RHIANNON.Pryce@example.co.uk ", phone: "+44 7700 900461" });
    expect(found.query).toEqual({ email: "rhiannon.pryce@example.co.uk", phone: "07700900461" });
    expect(found.leads.map((lead) => lead.reference)).toEqual(["CL-FIND-1"]);
    expect(found.leads[0]).not.toHaveProperty("submissionToken");
    expect(found.leadActivity.map((entry) => entry.body)).toEqual(["Call after 3pm"]);
    expect(found.quotes.map((quote) => [quote.id, quote.leadReference, quote.acceptedName])).toEqual([[ids.quote, "CL-FIND-1", "Rhiannon Pryce"]]);
    expect(found.quotes[0]).not.toHaveProperty("token");
    expect(found.enquiries.map((enquiry) => enquiry.id)).toEqual([ids.enquiry]);
    expect(found.newsletterSignups.map((signup) => signup.id)).toEqual([ids.signup]);
    expect(found.consentRecords).toHaveLength(1);
    expect(found.outbox.map((row) => row.kind)).toEqual(["lead.webhook", "newsletter.confirmation-email"]);
    expect(found.auditEntries.map((entry) => entry.summary)).toEqual([
      "Changed status",
      "Accepted",
      "Deleted",
      "Failed sign-in as RHIANNON.PRYCE@example.co.uk with a password from 203.0.113.7: wrong email or password",
    ]);
    expect(found.signInFailures).toEqual([{ accountKey: "rhiannon.pryce@example.co.uk", failures: 1, lastFailedAt: now }]);
    expect(found.dataRequests.map((entry) => entry.contact)).toEqual(["07700900461"]);
    expect(found.suppressed).toEqual({ email: true, phone: false });
  });

  it("by phone alone finds the lead and the enquiry typed with another format", async () => {
    const found = await findPerson({ phone: "0044 7700 900461" });
    expect(found.leads.map((lead) => lead.reference)).toEqual(["CL-FIND-1"]);
    expect(found.enquiries.map((enquiry) => enquiry.id)).toEqual([ids.enquiry]);
    expect(found.suppressed).toEqual({ email: null, phone: false });
  });

  it("matches phones in one form, which the database keeps for every record as the search makes it", async () => {
    const db = await getDb();
    for (const [typed, normalised] of PHONE_FORMS) expect(normalisePhone(typed) || null).toBe(normalised);
    const stored = await db.selectFrom("contactEnquiries").select(["contactNumber", "phoneNormalised"]).execute();
    for (const row of stored) expect(row.phoneNormalised).toBe(normalisePhone(row.contactNumber) || null);
  });

  it("by the number that ends with theirs finds only its own owner", async () => {
    const found = await findPerson({ phone: "+353 (20) 7700-900461" });
    expect(found.enquiries.map((enquiry) => enquiry.email)).toEqual(["cian@example.ie"]);
    expect(found.leads).toEqual([]);
  });

  it("finds nothing for an unknown address, and nothing for no input", async () => {
    const found = await findPerson({ email: "nobody@example.co.uk" });
    expect([found.leads, found.enquiries, found.newsletterSignups, found.outbox, found.auditEntries, found.consentRecords]).toEqual([[], [], [], [], [], []]);
    expect((await findPerson({})).leads).toEqual([]);
  });
});
