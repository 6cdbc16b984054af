import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { databaseMigratedTo } from "../support/database";
import {
  BOB,
  BOB_AU,
  emailKey,
  JIMBOB,
  outboxRowsOf,
  PHONE_FORMS,
  personTestSettingForSuite,
  seedLookalikes,
  seedPerson,
  TEST_SUPPRESSION_KEY,
  type SeededLookalikes,
  type SeededPerson,
  type TestPerson,
} from "../support/person";
import { seedQuoteLead } from "../support/seeded-quotes";
import { removeTestData, startTestServer } from "../support/server";
import { forSuite } from "../support/suite";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * A person's requests on the Data protection screen, through the real built
 * server: staff find everything held about someone by email or phone, download
 * it (JSON and a readable page), stop contacting them, and erase them.
 * People are matched exactly: bob@example.com's search and export hold
 * nothing of jimbob@example.com's or bob@example.com.au's, and the export
 * holds no live link, token or hash. The every-table erasure check, and
 * erasing bob beside them, are tests/server/person-erasure.test.ts.
 */

const PERSON: TestPerson = {
  firstName: "Bethan",
  lastName: "Morgan",
  email: "bethan.morgan@morganjoinery.co.uk",
  phone: "07700 900321",
  businessName: "Morgan Joinery",
};
/** Erased by the test of the person's page after an erasure. */
const ERASED: TestPerson = { firstName: "Gwen", lastName: "Price", email: "gwen@pricefloristry.co.uk", phone: "07700 900987", businessName: "Price Floristry" };
/** A visitor who chose a deal on the comparison before asking for a quote. */
const CHOSE_A_DEAL = { email: "aled@jonesdairy.co.uk", phone: "07700 900741" };
const OTHER: TestPerson = { firstName: "Idris", lastName: "Rees", email: "idris@reesbakery.co.uk", phone: "07700 900654", businessName: "Rees Bakery" };

const setting = personTestSettingForSuite();
let seeded: SeededPerson;

beforeAll(async () => {
  seeded = await seedPerson(setting.server, setting.staff.admin, setting.mailbox, PERSON);
  await seedPerson(setting.server, setting.staff.admin, setting.mailbox, OTHER);
});

const search = (query: Record<string, string>, client = setting.staff.admin) => client.get(`/admin/data-protection/people?${new URLSearchParams(query)}`);

/** What Find a person found, as its page's loader gives it. */
async function foundRecord(query: Record<string, string>, client = setting.staff.admin) {
  const response = await client.get(`/admin/data-protection/people?${new URLSearchParams({ ...query, _data: "routes/admin.data-protection.people" })}`);
  expect(response.status).toBe(200);
  const { found } = (await response.json()) as {
    found: { record: { auditEntries: Array<{ action: string; summary: string }>; signInFailures: Array<{ accountKey: string }> } };
  };
  return found.record;
}

/** The summaries of the failed sign-ins found for a person. */
const failedSignIns = (record: Awaited<ReturnType<typeof foundRecord>>) =>
  record.auditEntries.filter((entry) => entry.action === "sign_in.failed").map((entry) => entry.summary.replace(/ from .*/, ""));

/** The count a section of Find a person shows in its heading ("Leads (1)"); 0 for an empty section, which shows "None found." and no count. */
function sectionCount(page: string, section: string): number {
  const count = new RegExp(`data-testid="person-${section}"><h3[^>]*>[^<]+<span[^>]*> \\((?:<!-- -->)?(\\d+)`).exec(page)?.[1];
  if (count !== undefined) return Number(count);
  if (new RegExp(`data-testid="person-${section}"><h3[^>]*>[^<]+</h3><p[^>]*>None found.</p>`).test(page)) return 0;
  throw new Error(`No section ${section} on the page`);
}

interface ExportedData {
  sections: Array<{ key: string; purpose: string; source: string; retention: string; recipients: string[]; records: Array<Record<string, unknown>> }>;
}

/** A person's access export as staff download it: the JSON's text and data, and the readable page. */
async function downloads(query: Record<string, string>) {
  const params = new URLSearchParams(query);
  const [json, html] = await Promise.all(
    ["json", "html"].map(async (format) => {
      const response = await setting.staff.admin.get(`/admin/data-protection/people/export.${format}?${params}`);
      expect(response.status).toBe(200);
      return response.text();
    }),
  );
  const data = JSON.parse(json!) as ExportedData;
  const records = (key: string) => data.sections.find((section) => section.key === key)!.records;
  return { json: json!, html: html!, records };
}

/** A page's text as a reader sees it: no styles or tags, each element's text separated by a space. */
const readText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");

/** Every address in a text that could be opened: absolute links, and token links' paths written without a site. */
const openableLinks = (text: string) => text.match(/https?:\/\/[^\s"'<>\\]+|\/(?:quote|newsletter\/confirm|unsubscribe)\/[\w.~%-]+/gi) ?? [];

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
      expect(sectionCount(page, section)).toBeGreaterThan(0);
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

  it("downloads a readable, self-contained page for the person: plain labels, UK dates, the deal and money in words, no JSON", async () => {
    // A visitor who chose a deal on the comparison: their lead keeps it, and the lead webhook's copy carries it too.
    await addTariffs(setting.staff.admin, [tariffInput()]);
    const asked = await publicClient(setting.server).postJson("/api/quote-requests", {
      ...SAMPLE_QUOTE,
      email: CHOSE_A_DEAL.email,
      phoneNumber: CHOSE_A_DEAL.phone,
      tariffSlug: "ee-business-30gb-24",
      lines: 3,
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const pages: Record<string, string> = {};
    for (const [name, query] of [
      ["seeded", { phone: PERSON.phone }],
      ["deal", { email: CHOSE_A_DEAL.email }],
    ] as const) {
      const response = await setting.staff.admin.get(`/admin/data-protection/people/export.html?${new URLSearchParams(query)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.html"$/);
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).not.toMatch(/<script|<link|src=/);
      pages[name] = readText(html);
    }
    const { seeded: page, deal } = pages as { seeded: string; deal: string };
    expect(page).toContain("Quote requests (1)");
    expect(page).toContain("Why we keep it");
    expect(page).toContain(`Reference ${seeded.reference}`);
    expect(page).toContain(`Name ${PERSON.firstName} ${PERSON.lastName}`);
    expect(page).toContain("Status Accepted");
    expect(page).toMatch(/Line 1 \d+ x .+ at £\d+\.\d\d ex VAT/);
    // Dates and times as the UK writes them; never an ISO timestamp.
    expect(page).toMatch(/Sent on \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
    expect(deal).toContain("Your chosen deal Deal EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT (£40.32 inc VAT)");
    expect(deal).toContain("Term 24-month contract");
    for (const text of [page, deal]) {
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
      expect(text).not.toMatch(/[{}]|"\w+":/);
      // No column or key names: nothing written in camelCase or snake_case, no amount in pence.
      expect(text.match(/\b[a-z]+[A-Z]\w*|\b[a-z]+_[a-z_]+\b|\bPence\b/g)).toBeNull();
    }
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
    expect(page).toContain("Erased: 1 lead, 1 order, 1 enquiry and 1 newsletter sign-up anonymised or deleted; on the suppression list");
    expect(page).toContain(`Nothing is held about ${PERSON.email} / ${PERSON.phone} now: they were erased on`);
    expect(page).toMatch(/Email on the suppression list<\/dt><dd>yes</);
    expect(page).toMatch(/Phone on the suppression list<\/dt><dd>yes</);
    const audit = await setting.server.db.selectFrom("auditLog").select("summary").where("action", "=", "person.erased").executeTakeFirstOrThrow();
    expect(audit.summary).toMatch(/^Erased a person: 1 lead, 1 order, 1 enquiry, 1 newsletter sign-up,/);
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

  it("after the erasure, the person's page says nothing is held, when and by whom, and what is kept; Download, Erase and Object are gone and refused", async () => {
    // A person of its own, erased here, so the test stands alone.
    await seedPerson(setting.server, setting.staff.admin, setting.mailbox, ERASED);
    const query = new URLSearchParams({ email: ERASED.email });
    expect((await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${query}`, {})).status).toBe(302);
    // The entry is kept under the keyed hash the suppression list holds, never the address.
    const erasure = await setting.server.db
      .selectFrom("auditLog")
      .select(["actorName", "entityType", "entityId"])
      .where("action", "=", "person.erased")
      .where("entityId", "=", emailKey(ERASED.email))
      .executeTakeFirstOrThrow();
    expect(erasure).toMatchObject({ entityType: "person", actorName: `${setting.staff.admin.user.firstName} ${setting.staff.admin.user.lastName}` });
    const page = (await (await search({ email: ERASED.email })).text()).replaceAll("<!-- -->", "");
    expect(page).toMatch(
      new RegExp(
        `Nothing is held about ${ERASED.email.replace(/[.+]/g, "\\$&")} now: they were erased on \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d by ${erasure.actorName}\\.`,
      ),
    );
    expect(page).toContain('data-testid="person-erased"');
    expect(page).toContain("on the suppression list, as a keyed hash");
    expect(page).toContain("kept for 6 years after it ends");
    for (const action of ["Download (JSON)", "Download (readable page)", "Object / stop contact", ">Erase<"]) expect(page).not.toContain(action);
    expect(page).toContain("Record a request");

    // Posted or asked for anyway: refused with the same words, and nothing more is written.
    const entries = async () => (await setting.server.db.selectFrom("auditLog").select("id").execute()).length;
    const before = await entries();
    for (const dialog of ["erase", "object"]) {
      const shown = await (await setting.staff.admin.get(`/admin/data-protection/people/${dialog}?${query}`)).text();
      expect(shown).toContain(`Nothing is held about ${ERASED.email} now`);
      expect(shown).not.toMatch(/>(Erase|Stop contact)<\/button>/);
      const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/${dialog}?${query}`, {});
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain(`Nothing is held about ${ERASED.email} now: they were erased on`);
    }
    for (const format of ["json", "html"]) {
      const download = await setting.staff.admin.get(`/admin/data-protection/people/export.${format}?${query}`);
      expect(download.status).toBe(409);
      expect(((await download.json()) as { error: string }).error).toMatch(/^Nothing is held about .* now: they were erased on /);
    }
    expect(await entries()).toBe(before);
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

describe("people whose details look alike", () => {
  let lookalikes: SeededLookalikes;
  let bobsOutbox: number[];
  beforeAll(async () => {
    lookalikes = await seedLookalikes(setting);
    const { bob } = lookalikes;
    bobsOutbox = (await outboxRowsOf(setting.server.db, { email: BOB.email, leadId: bob.leadId, enquiryId: bob.enquiryId })).map((row) => row.id);
  });

  it("Find a person for bob@example.com counts bob's records only: nothing of jimbob@example.com or bob@example.com.au", async () => {
    const page = await (await search({ email: BOB.email })).text();
    expect(page).toContain(lookalikes.bob.reference);
    expect(sectionCount(page, "leads")).toBe(1);
    expect(sectionCount(page, "newsletter")).toBe(1);
    expect(sectionCount(page, "emails-and-webhooks-sent")).toBe(bobsOutbox.length);
    for (const other of [JIMBOB.email, BOB_AU.email, JIMBOB.lastName, BOB_AU.lastName]) expect(page).not.toContain(other);
    const record = await foundRecord({ email: BOB.email });
    expect(failedSignIns(record)).toEqual(["Failed sign-in as BOB@EXAMPLE.COM with a password"]);
    expect(new Set(record.signInFailures.map((row) => row.accountKey))).toEqual(new Set([BOB.email]));
  });

  it("by bob's phone typed another way finds his lead and enquiry, not jimbob's enquiry from a number ending with bob's", async () => {
    const page = await (await search({ phone: "0044 (0)7700-900123" })).text();
    expect(page).toContain(lookalikes.bob.reference);
    expect(sectionCount(page, "leads")).toBe(1);
    expect(sectionCount(page, "contact-enquiries")).toBe(1);
    expect(page).toContain(`This is ${BOB.firstName} from ${BOB.businessName}.`);
    expect(page).not.toContain(JIMBOB.phone);
    expect(page).not.toContain(JIMBOB.email);
  });

  it("bob's export, as JSON and as a readable page, holds his records and nothing of jimbob's or bob@example.com.au's", async () => {
    const { json, html, records } = await downloads({ email: BOB.email, phone: BOB.phone });
    expect(records("leads").map((lead) => lead.reference)).toEqual([lookalikes.bob.reference]);
    expect(records("enquiries").map((enquiry) => enquiry.id)).toEqual([lookalikes.bob.enquiryId]);
    expect(records("newsletterSignups").map((signup) => signup.email)).toEqual([BOB.email]);
    expect(
      records("outbox")
        .map((row) => row.id as number)
        .sort((a, b) => a - b),
    ).toEqual(bobsOutbox);
    expect(records("auditEntries").filter((entry) => entry.action === "sign_in.failed")).toHaveLength(1);
    expect(new Set(records("signInFailures").map((row) => row.accountKey))).toEqual(new Set([BOB.email]));
    for (const text of [json, html]) {
      for (const other of [JIMBOB.email, BOB_AU.email, JIMBOB.lastName, BOB_AU.lastName, JIMBOB.phone]) expect(text).not.toContain(other);
    }
  });

  it("bob's export holds no live link, token or hash: each link in his emails' copies is words saying what it was", async () => {
    const { json, html, records } = await downloads({ email: BOB.email });
    // The links bob was emailed (his quote, his confirmation, unsubscribing), and the keys kept about him.
    const emailed = setting.mailbox.to(BOB.email).flatMap((email) => email.text.match(/https?:\/\/\S+/g) ?? []);
    for (const route of ["/quote/", "/newsletter/confirm/", "/unsubscribe/"]) expect(emailed.some((link) => link.includes(route))).toBe(true);
    const { token: quoteToken } = await setting.server.db
      .selectFrom("quotes")
      .select("token")
      .where("id", "=", lookalikes.bob.quoteId)
      .executeTakeFirstOrThrow();
    expect(records("outbox").length).toBeGreaterThan(3);
    for (const text of [json, html]) {
      expect(text).toContain("[link to your quote removed]");
      expect(text).toContain("[confirmation link removed]");
      expect(text).toContain("[unsubscribe link removed]");
      // Nothing in it can be opened, so nothing in it opens his quote, confirms or unsubscribes him.
      expect(openableLinks(text)).toEqual([]);
      for (const link of emailed) expect(text).not.toContain(new URL(link).pathname.split("/").pop());
      expect(text).not.toContain(quoteToken);
      expect(text).not.toContain(emailKey(BOB.email));
      expect(text).not.toMatch(/\b[0-9a-f]{32,}\b/i);
    }
    expect(json).not.toContain('"contactKey"');
    expect(records("dataRequests")).toHaveLength(1);
  });
});

describe("phone numbers", () => {
  it("are kept by the database in the one form staff search with, however they were typed", async () => {
    const { db } = setting.server;
    const now = new Date().toISOString();
    const rows = PHONE_FORMS.map(([contactNumber], index) => ({
      firstName: "Phone",
      lastName: `Form${index}`,
      email: `phone-form-${index}@example.co.uk`,
      contactNumber,
      subject: "broadband" as const,
      message: "Hi",
      createdAt: now,
    }));
    const ids = (await db.insertInto("contactEnquiries").values(rows).returning("id").execute()).map((row) => row.id);
    try {
      const stored = await db.selectFrom("contactEnquiries").select(["contactNumber", "phoneNormalised"]).where("id", "in", ids).orderBy("id").execute();
      expect(stored.map((row) => [row.contactNumber, row.phoneNormalised])).toEqual(PHONE_FORMS);
    } finally {
      await db.deleteFrom("contactEnquiries").where("id", "in", ids).execute();
    }
  });
});

describe("records written before people were matched exactly", () => {
  /**
   * A database as the product left it before migration 0023: outbox copies and
   * failed sign-ins naming lookalike addresses only in their text. The server
   * started on it then migrates it, and matches them exactly.
   */
  const before = forSuite(
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "person-before-0023-"));
      try {
        const db = await databaseMigratedTo(dataDir, "0022_data_protection");
        let leadId: number;
        try {
          ({ id: leadId } = await seedQuoteLead(db, { businessName: BOB.businessName, email: "Bob@Example.com", phoneNumber: BOB.phone }));
          const now = new Date().toISOString();
          const copy = (kind: string, to: string, lead: number | null = null) => ({
            kind,
            leadId: lead,
            payload: JSON.stringify({ to: [to], subject: "An email", text: "Hello" }),
            nextAttemptAt: null,
            lastAttemptAt: now,
            lastError: null,
            deliveredAt: now,
            failedAt: null,
            createdAt: now,
          });
          await db
            .insertInto("outbox")
            .values([
              copy("newsletter.confirmation-email", "Bob@Example.com"),
              copy("newsletter.confirmation-email", JIMBOB.email),
              copy("newsletter.confirmation-email", `Roberta <${BOB_AU.email}>`),
              copy("quote.customer-email", "bob@example.com", leadId),
              copy("lead.staff-email", "sales@clearline.example.co.uk", leadId),
            ])
            .execute();
          const failedSignIn = (summary: string) => ({
            actorId: null,
            actorName: "Visitor",
            action: "sign_in.failed",
            entityType: "signIn",
            entityId: null,
            summary,
            createdAt: now,
          });
          await db
            .insertInto("auditLog")
            .values([
              failedSignIn(`Failed sign-in as ${JIMBOB.email} with a password from 203.0.113.9: wrong email or password`),
              failedSignIn("Failed sign-in as BOB@example.com through the sign-in provider from 203.0.113.7: no admin account has this email"),
              failedSignIn("Failed sign-in as [removed] with a password from [removed]: wrong email or password"),
              failedSignIn("Failed sign-in as (no email) with a password from 203.0.113.7: wrong email or password"),
            ])
            .execute();
          await db
            .insertInto("contactEnquiries")
            .values({
              firstName: JIMBOB.firstName,
              lastName: JIMBOB.lastName,
              email: JIMBOB.email,
              contactNumber: JIMBOB.phone,
              subject: "broadband",
              message: "Hi",
              createdAt: now,
            })
            .execute();
        } finally {
          await db.destroy();
        }
        const server = await startTestServer({ ...TEST_OWNER_ENV, SUPPRESSION_KEY: TEST_SUPPRESSION_KEY }, { dataDir });
        return { server, dataDir, leadId: leadId!, admin: await staffClient(server, "admin") };
      } catch (failure) {
        await removeTestData(dataDir);
        throw failure;
      }
    },
    async ({ server, dataDir }) => {
      await server.stop();
      await removeTestData(dataDir);
    },
  );

  it("are tied to their person by the migration: bob@example.com is found with his own and no one else's", async () => {
    const outbox = await before.server.db.selectFrom("outbox").select(["kind", "recipientEmail"]).orderBy("id").execute();
    expect(outbox.map((row) => row.recipientEmail)).toEqual([BOB.email, JIMBOB.email, BOB_AU.email, BOB.email, null]);
    const signIns = await before.server.db.selectFrom("auditLog").select("signInEmail").where("action", "=", "sign_in.failed").orderBy("id").execute();
    expect(signIns.map((row) => row.signInEmail)).toEqual([JIMBOB.email, BOB.email, null, null]);

    const query = { email: BOB.email, phone: "07700 900123" };
    const page = await (await before.admin.get(`/admin/data-protection/people?${new URLSearchParams(query)}`)).text();
    expect(sectionCount(page, "leads")).toBe(1);
    expect(sectionCount(page, "contact-enquiries")).toBe(0);
    // His confirmation and quote emails, and the staff email of his lead.
    expect(sectionCount(page, "emails-and-webhooks-sent")).toBe(3);
    for (const other of [JIMBOB.email, BOB_AU.email, JIMBOB.phone]) expect(page).not.toContain(other);
    expect(failedSignIns(await foundRecord(query, before.admin))).toEqual(["Failed sign-in as BOB@example.com through the sign-in provider"]);
  });
});
