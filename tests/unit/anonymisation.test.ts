import { describe, expect, it } from "vitest";
import { useTempDataDir } from "../support/temp-data-dir";

/**
 * The one anonymisation that retention and erasure share
 * (app/features/privacy/anonymisation.server.ts), on a real SQLite database: what a
 * deleted newsletter sign-up leaves behind. Leads and enquiries are checked
 * through an erasure over HTTP (tests/server/person-erasure.test.ts).
 */

useTempDataDir("anonymisation");

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/platform/db.server");
const { anonymiseLeads, deleteNewsletterSignups } = await import("~/features/privacy/anonymisation.server");
const { addToOutbox } = await import("~/platform/outbox.server");

async function signUp(email: string) {
  const db = await getDb();
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("newsletterSignups")
    .values({ email, firstName: "Nia", lastName: "Jones", sourcePage: "/about", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addToOutbox(db, [{ kind: "newsletter.confirmation-email", leadId: null, payload: { to: [email], subject: "Confirm your subscription" } }]);
  await db
    .insertInto("consentRecords")
    .values({
      email,
      leadId: null,
      newsletterSignupId: id,
      purpose: "marketing_email",
      page: "/about",
      wording: "w",
      wordingVersion: "v",
      givenAt: now,
      withdrawnAt: null,
      withdrawnHow: null,
    })
    .execute();
  return id;
}

describe("deleting newsletter sign-ups", () => {
  it("deletes the sign-up and its confirmation email's copy, and clears the consent record's address; another address keeps its own", async () => {
    const db = await getDb();
    const gone = await signUp("Nia_Jones@example.co.uk");
    await signUp("niaxjones@example.co.uk");
    expect(await db.transaction().execute((trx) => deleteNewsletterSignups(trx, [gone]))).toBe(1);
    expect(await db.selectFrom("newsletterSignups").select("email").execute()).toEqual([{ email: "niaxjones@example.co.uk" }]);
    const copies = await db.selectFrom("outbox").select("payload").execute();
    expect(copies.map((row) => JSON.parse(row.payload).to)).toEqual([["niaxjones@example.co.uk"]]);
    const consents = await db.selectFrom("consentRecords").select(["email", "wording"]).orderBy("id").execute();
    expect(consents).toEqual([
      { email: "", wording: "w" },
      { email: "niaxjones@example.co.uk", wording: "w" },
    ]);
  });
});

describe("anonymising leads", () => {
  async function leadWithTimeline(firstName: string, lastName: string, businessName: string) {
    const db = await getDb();
    const now = new Date().toISOString();
    const suffix = `${firstName}-${Math.random().toString(36).slice(2, 8)}`;
    const { id } = await db
      .insertInto("leads")
      .values({
        reference: `CLB-TEST-${suffix}`,
        teamSize: "1 - 2",
        contractExpiry: "Under 3 months",
        businessType: "Sole trader",
        businessName,
        postcode: "LS1 4AP",
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.co.uk`,
        phoneNumber: "07700 900123",
        companyName: null,
        contractLength: null,
        jobTitle: null,
        requirements: null,
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
    await db
      .insertInto("leadActivity")
      .values({
        leadId: id,
        kind: "status",
        actorId: null,
        actorName: "System",
        body: `Called ${firstName.toUpperCase()} ${lastName} at ${businessName}`,
        createdAt: now,
      })
      .execute();
    await db
      .insertInto("auditLog")
      .values({
        actorId: null,
        actorName: "System",
        action: "lead.deleted",
        entityType: "lead",
        entityId: String(id),
        summary: `About ${businessName}`,
        createdAt: now,
      })
      .execute();
    return id;
  }

  it("rubs each lead's own words out of its own timeline and audit entries, whatever their case, and leaves other leads' entries alone", async () => {
    const db = await getDb();
    const rhian = await leadWithTimeline("Rhian", "Price", "Price Joinery");
    const other = await leadWithTimeline("Owen", "Price", "Owen's Vans");
    await db.transaction().execute((trx) => anonymiseLeads(trx, [rhian], { now: new Date().toISOString() }));

    const bodies = async (leadId: number) =>
      (await db.selectFrom("leadActivity").select("body").where("leadId", "=", leadId).execute()).map((entry) => entry.body);
    expect(await bodies(rhian)).toEqual(["Called [removed] at [removed]"]);
    // "Price" was one of Rhian's words, but Owen's entries are his own.
    expect(await bodies(other)).toEqual(["Called OWEN Price at Owen's Vans"]);
    const audit = async (leadId: number) =>
      (await db.selectFrom("auditLog").select("summary").where("entityType", "=", "lead").where("entityId", "=", String(leadId)).execute()).map(
        (entry) => entry.summary,
      );
    expect(await audit(rhian)).toEqual(["About [removed]"]);
    expect(await audit(other)).toEqual(["About Owen's Vans"]);
  });

  it("anonymises 200 leads in one call", async () => {
    const db = await getDb();
    const ids: number[] = [];
    for (let index = 0; index < 200; index += 1) ids.push(await leadWithTimeline(`Person${index}`, `Surname${index}`, `Business ${index}`));
    const anonymised = await db.transaction().execute((trx) => anonymiseLeads(trx, ids, { now: new Date().toISOString() }));
    expect(anonymised).toBe(200);
    const left = await db.selectFrom("leads").select("id").where("id", "in", ids).where("anonymisedAt", "is", null).execute();
    expect(left).toEqual([]);
  });
});
