import { describe, expect, it } from "vitest";
import { productTableNames } from "../support/database";
import { publicClient } from "../support/client";
import { BOB, BOB_AU, JIMBOB, outboxRowsOf, personTestSettingForSuite, seedLookalikes, seedPerson, storedText, type TestPerson } from "../support/person";

/**
 * The every-table erasure check: one person is put into every table that can
 * hold them through the app itself (quote request with consent, staff notes,
 * a quote sent, viewed and accepted, an enquiry, a confirmed newsletter
 * sign-up, emails and the webhook delivered, a failed staff sign-in typed with
 * their email, a register entry), with a second person beside them; staff
 * erase the first on the Data protection screen. Then nothing in the database
 * holds their email, phone or name: on SQLite the whole files on disk (the
 * database, its write-ahead log, everything in the data folder), on Postgres
 * every row of every table. The second person is all still there, and the
 * dashboard's figures have not changed. Then bob@example.com is erased beside
 * people whose details hold his (jimbob@example.com, bob@example.com.au, a
 * number ending with his): nothing of theirs changes.
 */

const ERASED: TestPerson = {
  firstName: "Ffionwen",
  lastName: "Vaughantudor",
  email: "ffionwen.vt@vaughantudorjoinery.co.uk",
  phone: "07700 900417",
  businessName: "Vaughantudor Joinery",
};
const KEPT: TestPerson = {
  firstName: "Gruffydd",
  lastName: "Penhaligon",
  email: "gruffydd@penhaligonbakes.co.uk",
  phone: "07700 900852",
  businessName: "Penhaligon Bakes",
};

/** What must not be found of a person: email, phone as typed and as digits, first and last name. */
const traces = (person: TestPerson) => [person.email, person.phone, person.phone.replace(/\D/g, ""), person.firstName, person.lastName];

const setting = personTestSettingForSuite();

const found = (text: string, person: TestPerson) => traces(person).filter((trace) => text.includes(trace.toLowerCase()));

async function dashboardFigures() {
  const response = await setting.staff.admin.get("/admin/dashboard?_data=routes%2Fadmin.dashboard");
  expect(response.status).toBe(200);
  const { figures, charts, quotes } = (await response.json()) as Record<string, unknown>;
  return { figures, charts, quotes };
}

describe("erasing a person", () => {
  it("leaves none of their email, phone or name anywhere in the database, and everything of the next person", async () => {
    await seedPerson(setting.server, setting.staff.admin, setting.mailbox, ERASED);
    await seedPerson(setting.server, setting.staff.admin, setting.mailbox, KEPT);
    // Deliveries done: the outbox's copies are written and sent (the webhook took both leads).
    await expect.poll(() => setting.hook.acceptedOf(KEPT.email).length).toBe(1);
    await expect.poll(() => setting.hook.acceptedOf(ERASED.email).length).toBe(1);
    expect((await setting.server.db.selectFrom("signInThrottle").select("accountKey").execute()).map((row) => row.accountKey)).toContain(ERASED.email);

    // Every kind of trace is really there before: the check can see them.
    const before = await storedText(setting.server);
    expect(found(before, ERASED)).toEqual(traces(ERASED));
    expect(found(before, KEPT)).toEqual(traces(KEPT));
    const figures = await dashboardFigures();
    const tables = await productTableNames(setting.server.db);

    const query = new URLSearchParams({ email: ERASED.email, phone: ERASED.phone });
    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${query}`, {});
    expect(answer.status).toBe(302);

    const after = await storedText(setting.server);
    expect(found(after, ERASED)).toEqual([]);
    expect(found(after, KEPT)).toEqual(traces(KEPT));
    expect(await dashboardFigures()).toEqual(figures);
    // The check read every table there is (a new table would be read too).
    expect(tables.length).toBeGreaterThan(15);
  });
});

describe("erasing bob@example.com beside people whose details look like his", () => {
  it("changes nothing of jimbob@example.com's or bob@example.com.au's: their emails, audit entry and enquiry stay, their links confirm them alone", async () => {
    const { db } = setting.server;
    const { bob, jimbobConfirmPath, bobAuConfirmPath, jimbobEnquiryId } = await seedLookalikes(setting);
    const theirs = async () => ({
      outbox: [...(await outboxRowsOf(db, { email: JIMBOB.email, enquiryId: jimbobEnquiryId })), ...(await outboxRowsOf(db, { email: BOB_AU.email }))],
      audit: await db.selectFrom("auditLog").selectAll().where("summary", "like", `Failed sign-in as ${JIMBOB.email} %`).execute(),
      enquiry: await db.selectFrom("contactEnquiries").selectAll().where("id", "=", jimbobEnquiryId).execute(),
      signups: await db.selectFrom("newsletterSignups").selectAll().where("email", "in", [JIMBOB.email, BOB_AU.email]).orderBy("id").execute(),
      signIns: await db.selectFrom("signInThrottle").selectAll().where("accountKey", "=", JIMBOB.email).orderBy("clientKey").execute(),
    });
    // Every email of theirs delivered (a delivery changes its row), so what follows is the erasure's doing alone.
    await expect.poll(async () => (await theirs()).outbox.map((row) => row.deliveredAt !== null)).toEqual([true, true, true]);
    const before = await theirs();
    expect(before.audit).toHaveLength(1);
    expect(before.signIns.length).toBeGreaterThan(0);

    const query = new URLSearchParams({ email: BOB.email, phone: "07700 900123" });
    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${query}`, {});
    expect(answer.status).toBe(302);
    expect(await (await setting.staff.admin.follow(answer)).text()).toContain(
      "Erased: 1 lead, 1 order, 1 enquiry and 1 newsletter sign-up anonymised or deleted",
    );
    expect(await db.selectFrom("leads").select("anonymisedAt").where("id", "=", bob.leadId).executeTakeFirstOrThrow()).not.toEqual({ anonymisedAt: null });
    expect(await outboxRowsOf(db, { email: BOB.email, leadId: bob.leadId, enquiryId: bob.enquiryId })).toEqual([]);

    expect(await theirs()).toEqual(before);
    // Each confirmation link still works, and for its own address only.
    const visitor = publicClient(setting.server);
    const confirmed = async () =>
      (await db.selectFrom("newsletterSignups").select(["email", "confirmedAt"]).orderBy("id").execute())
        .filter((row) => row.confirmedAt)
        .map((row) => row.email);
    const others = await confirmed();
    expect((await visitor.postForm(jimbobConfirmPath, {})).status).toBe(200);
    expect(await confirmed()).toEqual([...others, JIMBOB.email]);
    expect((await visitor.postForm(bobAuConfirmPath, {})).status).toBe(200);
    expect(await confirmed()).toEqual([...others, JIMBOB.email, BOB_AU.email]);
  });
});
