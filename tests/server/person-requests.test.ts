import { beforeAll, describe, expect, it } from "vitest";
import { emailKey, personTestSettingForSuite, seedPerson, type SeededPerson, type TestPerson } from "../support/person";

/**
 * A person's requests on the Data protection screen, through the real built
 * server: staff find everything held about someone by email or phone, download
 * it (JSON and a readable page), stop contacting them, and erase them.
 * The every-table erasure check is tests/server/person-erasure.test.ts.
 */

const PERSON: TestPerson = {
  firstName: "Bethan",
  lastName: "Morgan",
  email: "bethan.morgan@morganjoinery.co.uk",
  phone: "07700 900321",
  businessName: "Morgan Joinery",
};
const OTHER: TestPerson = { firstName: "Idris", lastName: "Rees", email: "idris@reesbakery.co.uk", phone: "07700 900654", businessName: "Rees Bakery" };

const setting = personTestSettingForSuite();
let seeded: SeededPerson;

beforeAll(async () => {
  seeded = await seedPerson(setting.server, setting.staff.admin, setting.mailbox, PERSON);
  await seedPerson(setting.server, setting.staff.admin, setting.mailbox, OTHER);
});

const search = (query: Record<string, string>, client = setting.staff.admin) => client.get(`/admin/data-protection/people?${new URLSearchParams(query)}`);

describe("Find a person", () => {
  it("shows everything held about them by email, in sections, with the actions, and nothing about anyone else", async () => {
    const response = await search({ email: PERSON.email.toUpperCase() });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(`href="/admin/leads/${seeded.leadId}"`);
    expect(page).toContain(seeded.reference);
    for (const section of [
      "leads",
      "notes-and-timeline",
      "quotes",
      "contact-enquiries",
      "newsletter",
      "consent-records",
      "emails-and-webhooks-sent",
      "audit-entries",
      "requests-in-the-register",
    ]) {
      expect(page).toMatch(new RegExp(`data-testid="person-${section}"><h3[^>]*>[^<]+<!-- --> <span[^>]*>\\((<!-- -->)?[1-9]`));
    }
    // The screen does not carry the emails' copies (the downloads do).
    expect(page).not.toContain('"payload"');
    expect(page).toContain(`Rang ${PERSON.firstName} ${PERSON.lastName}`);
    expect(page).toContain(`This is ${PERSON.firstName} from ${PERSON.businessName}.`);
    expect(page).toContain("Lead webhook (127.0.0.1:");
    expect(page).toContain("sales@clearline.example.co.uk");
    expect(page).toContain(`Failed sign-in as ${PERSON.email.toUpperCase()}`);
    expect(page).toContain("Download (JSON)");
    expect(page).toContain("Download (readable page)");
    expect(page).toContain("Erase");
    expect(page).toContain("Object / stop contact");
    expect(page).toContain(`href="/admin/data-protection/requests/new?contact=${encodeURIComponent(PERSON.email)}"`);
    expect(page).not.toContain(OTHER.email);
    expect(page).not.toContain(OTHER.lastName);
  });

  it("finds them by phone typed another way", async () => {
    const page = await (await search({ phone: "+44 (0)7700-900321" })).text();
    expect(page).toContain(seeded.reference);
    expect(page).toContain(`This is ${PERSON.firstName}`);
  });

  it("says what is wrong with a bad email or phone, and finds nothing", async () => {
    const response = await search({ email: "bethan-at-morgan", phone: "ring me" });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Please enter a valid email address, like name@company.co.uk");
    expect(page).toContain("Please enter a valid phone number, like 07700 900123");
    expect(page).not.toContain(seeded.reference);
    expect(await (await search({ email: "", phone: "" })).text()).toContain("Please enter the person&#x27;s email address or phone number");
  });

  it("is for admins: a manager is sent away", async () => {
    const response = await search({ email: PERSON.email }, setting.staff.manager);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("data-protection");
  });
});

describe("the access export", () => {
  it("downloads everything as JSON with purposes, sources, retention and recipients, and audits it by request without naming the person", async () => {
    const response = await setting.staff.admin.get(`/admin/data-protection/people/export.json?${new URLSearchParams({ email: PERSON.email, request: "7" })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = (await response.json()) as {
      sections: Array<{ key: string; purpose: string; source: string; retention: string; recipients: string[]; records: Array<Record<string, unknown>> }>;
    };
    const section = (key: string) => data.sections.find((entry) => entry.key === key)!;
    expect(section("leads").records.map((lead) => lead.reference)).toEqual([seeded.reference]);
    expect(section("leads")).toMatchObject({
      source: "You, on the quote form of our website",
      retention: "up to 2 years after our last contact with you, unless you become a customer",
    });
    expect(section("leads").recipients).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Lead webhook \(127\.0\.0\.1:\d+\)$/), "sales@clearline.example.co.uk", PERSON.email]),
    );
    expect(section("quotes").retention).toBe("for the length of your contract and 6 years afterwards");
    expect(section("quotes").recipients).toContain(PERSON.email);
    expect(section("quotes").records[0]).not.toHaveProperty("token");
    expect(section("enquiries").retention).toBe("up to 2 years after you sent your enquiry");
    expect(section("newsletterSignups").records).toHaveLength(1);
    expect(section("consentRecords").records.length).toBeGreaterThanOrEqual(2);
    expect(section("dataRequests").records).toHaveLength(1);
    const audit = await setting.server.db
      .selectFrom("auditLog")
      .select(["action", "entityType", "entityId", "summary"])
      .where("action", "=", "person.exported")
      .execute();
    expect(audit).toEqual([{ action: "person.exported", entityType: "dataRequest", entityId: "7", summary: "Downloaded a person's data for request 7" }]);
  });

  it("downloads a readable, self-contained page with every value escaped", async () => {
    const response = await setting.staff.admin.get(`/admin/data-protection/people/export.html?${new URLSearchParams({ phone: PERSON.phone })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.html"$/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<h2>Quote requests (1)</h2>");
    expect(html).toContain("Why we keep it");
    expect(html).toContain(seeded.reference);
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  it("refuses a download with no valid email or phone (400), and sends a manager away", async () => {
    expect((await setting.staff.admin.get("/admin/data-protection/people/export.json?email=nope")).status).toBe(400);
    expect((await setting.staff.manager.get(`/admin/data-protection/people/export.json?email=${PERSON.email}`)).status).toBe(302);
  });
});

describe("objection and erasure", () => {
  it("objection puts the email on the suppression list and withdraws consent, erasing nothing", async () => {
    const query = new URLSearchParams({ email: OTHER.email });
    const dialog = await setting.staff.admin.get(`/admin/data-protection/people/object?${query}`);
    expect(dialog.status).toBe(200);
    expect(await dialog.text()).toContain("Stop contacting this person?");
    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/object?${query}`, {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/admin/data-protection/people?${query}`);
    const page = await (await setting.staff.admin.follow(answer)).text();
    expect(page).toContain("On the suppression list; 2 marketing consents withdrawn");
    expect(page).toMatch(/Email on the suppression list<\/dt><dd>yes</);
    expect(page).toContain(OTHER.lastName);
    const consents = await setting.server.db.selectFrom("consentRecords").select(["withdrawnHow"]).where("email", "=", OTHER.email).execute();
    expect(consents.map((consent) => consent.withdrawnHow)).toEqual(["staff", "staff"]);
    const audit = await setting.server.db.selectFrom("auditLog").select("summary").where("action", "=", "person.objected").execute();
    expect(audit.map((entry) => entry.summary).join()).not.toContain(OTHER.email);
  });

  it("erasure is confirmed on a page, then leaves nothing found, the person suppressed, and an audit entry naming no one", async () => {
    const query = new URLSearchParams({ email: PERSON.email, phone: PERSON.phone });
    const confirm = await setting.staff.admin.get(`/admin/data-protection/people/erase?${query}`);
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    expect(confirmPage).toContain("Erase this person?");
    expect(confirmPage).toContain('<form method="post"');
    const summaries = async () =>
      new Map((await setting.server.db.selectFrom("auditLog").select(["id", "summary"]).execute()).map((entry) => [entry.id, entry.summary]));
    const auditBefore = await summaries();
    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${query}`, {});
    expect(answer.status).toBe(302);
    // The erasure's own entry counts every entry it rubbed the person's words out of.
    const auditAfter = await summaries();
    const cleared = [...auditBefore].filter(([id, summary]) => auditAfter.get(id) !== summary).length;
    expect(cleared).toBeGreaterThan(1);
    const page = await (await setting.staff.admin.follow(answer)).text();
    expect(page).toContain("Erased: 1 leads, 1 enquiries and 1 newsletter sign-ups anonymised or deleted; on the suppression list");
    expect(page).toContain("Nothing held about");
    expect(page).toMatch(/Email on the suppression list<\/dt><dd>yes</);
    expect(page).toMatch(/Phone on the suppression list<\/dt><dd>yes</);
    const audit = await setting.server.db.selectFrom("auditLog").select("summary").where("action", "=", "person.erased").executeTakeFirstOrThrow();
    expect(audit.summary).toMatch(/^Erased a person: 1 leads, 1 enquiries, 1 newsletter sign-ups/);
    expect(audit.summary).toContain(`, ${cleared} audit entries cleared;`);
    expect(audit.summary).not.toContain(PERSON.email);
    const register = await setting.server.db
      .selectFrom("dataRequests")
      .select(["contact", "notes", "contactKey"])
      .where("contactKey", "=", emailKey(PERSON.email))
      .execute();
    expect(register).toEqual([{ contact: null, notes: null, contactKey: emailKey(PERSON.email) }]);
    const accepted = await setting.server.db
      .selectFrom("quotes")
      .select(["status", "totals", "acceptedName"])
      .where("id", "=", seeded.quoteId)
      .executeTakeFirstOrThrow();
    expect(accepted).toMatchObject({ status: "accepted", acceptedName: "" });
    expect(accepted.totals).not.toBeNull();
  });

  it("refuses an erasure with no email or phone, changing nothing", async () => {
    const answer = await setting.staff.admin.postForm("/admin/data-protection/people/erase", {});
    expect(answer.status).toBe(400);
    expect((await setting.staff.manager.postForm(`/admin/data-protection/people/erase?email=${OTHER.email}`, {})).status).toBe(302);
    expect(await setting.server.db.selectFrom("leads").select("id").where("email", "=", OTHER.email).where("anonymisedAt", "is", null).execute()).toHaveLength(
      1,
    );
  });
});
