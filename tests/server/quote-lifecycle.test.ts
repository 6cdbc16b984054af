import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quote } from "~/features/quotes/quotes";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { removeTestData, startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";
import { ukDay } from "~/lib/calendar";
import type { AdminRole } from "~/features/staff/admin-roles";
import { priceQuote } from "~/features/quotes/quote-prices";

/**
 * A quote's life after its draft, through the staff JSON routes of the real
 * built server: sent (frozen, the customer emailed over a real SMTP server,
 * the lead moved on), withdrawn, revised into a new version, expired. Waits
 * are on states (an email arrived), never on times.
 */

const APP_URL = "https://clearline.example.co.uk";
/** The chosen deal: £12.00 a line, 10 % off from the 2nd, £14.00 from 1 Apr 2027, £25.00 upfront a line. */
const CHOSEN = tariffInput({ upfrontCostExVatPence: 2500 });

let server: TestServer;
let mailbox: TestMailbox;
let staff: Record<AdminRole, Client>;
let visitor: Client;
let leadCount = 0;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, APP_URL });
  visitor = publicClient(server);
  staff = await staffOfEveryRole(server);
  await addTariffs(staff.admin, [CHOSEN]);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

/** A lead as a visitor sends it (3 lines of the chosen deal), from an address of its own. */
async function newLead(on = server) {
  leadCount += 1;
  const email = `customer-${leadCount}@example.co.uk`;
  const lead = await submitQuoteRequest(on, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 3 });
  return { ...lead, email };
}

async function draftFor(leadId: number, client = staff.manager): Promise<Quote> {
  const response = await client.postJson(`/admin/api/leads/${leadId}/quotes`, undefined);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

const send = (quoteId: number | string, client = staff.manager) => client.postJson(`/admin/api/quotes/${quoteId}/send`, undefined);

async function sent(quoteId: number, client = staff.manager): Promise<Quote> {
  const response = await send(quoteId, client);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const storedQuote = (id: number, on = server) => on.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const storedLead = (id: number, on = server) => on.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const timeline = async (leadId: number, on = server) =>
  (await on.db.selectFrom("leadActivity").select(["kind", "body", "actorName"]).where("leadId", "=", leadId).orderBy("id").execute()).filter(
    (entry) => entry.kind !== "note",
  );
const auditOf = (quoteId: number, on = server) =>
  on.db
    .selectFrom("auditLog")
    .select(["action", "summary", "actorName"])
    .where("entityType", "=", "quote")
    .where("entityId", "=", String(quoteId))
    .orderBy("id")
    .execute();
const quoteEmails = (on: TestServer, leadId: number) =>
  on.db.selectFrom("outbox").select(["kind", "deliveredAt"]).where("leadId", "=", leadId).where("kind", "=", "quote.customer-email").execute();

async function customerEmail(to: string): Promise<ReceivedEmail> {
  await expect.poll(() => mailbox.to(to).filter((email) => email.subject.startsWith("Your quote ") && !email.subject.includes("request")).length).toBe(1);
  return mailbox.to(to).find((email) => email.subject.startsWith("Your quote ") && !email.subject.includes("request"))!;
}

function daysAfterToday(days: number): string {
  const [year, month, day] = ukDay(new Date()).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

describe("POST /admin/api/quotes/{id}/send", () => {
  it.each(["manager", "admin", "super_admin"] as const)(
    "lets a %s send a draft: frozen totals, the customer emailed the link, the lead contacted",
    async (role) => {
      const lead = await newLead();
      const draft = await draftFor(lead.id);
      const quote = await sent(draft.id, staff[role]);
      const row = await storedQuote(draft.id);
      expect(quote).toMatchObject({ id: draft.id, status: "sent", lines: draft.lines, customerPath: `/quote/${row.token}` });
      expect(quote.customerPath).toMatch(/^\/quote\/[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(quote.sentAt!)).toBeGreaterThan(Date.parse(draft.createdAt) - 1);
      // The totals are fixed as they were priced when sent.
      expect(JSON.parse(row.totals!)).toEqual(priceQuote(draft.lines, draft.start));
      expect(quote.totals).toEqual(priceQuote(draft.lines, draft.start));

      const email = await customerEmail(lead.email);
      const reference = `${lead.reference}-Q1`;
      const link = `${APP_URL}${quote.customerPath}`;
      expect(email.to).toEqual([lead.email]);
      expect(email.subject).toBe(`Your quote ${reference} from ClearLine Business`);
      expect(email.replyTo).toBe("hello@clearlinebusiness.co.uk");
      expect(email.text).toContain(`Your quote: ${link}`);
      expect(email.text).toMatch(new RegExp(`${APP_URL.replaceAll(".", "\\.")}/quote/[A-Za-z0-9_-]{22}\\b`));
      expect(email.text).toContain(`Reference: ${reference}`);
      expect(email.text).toContain("Quoted: £33.60 a month and £75.00 one-off, ex VAT");
      expect(email.text).toContain(`Valid until: `);
      expect(email.html).toContain(`href="${link}"`);
      expect(email.html).toContain("Quoted: £33.60 a month and £75.00 one-off, ex VAT");
      await expect.poll(async () => (await quoteEmails(server, lead.id)).map((delivery) => delivery.deliveredAt !== null)).toEqual([true]);

      // Sending is the first contact: a New lead moves to Contacted; a lead nobody owned becomes the sender's, so its customer's answers reach someone.
      const after = await storedLead(lead.id);
      expect(after.status).toBe("contacted");
      expect(after.firstContactedAt).not.toBeNull();
      const sender = await server.db
        .selectFrom("adminUsers")
        .select(["role", "firstName", "lastName"])
        .where("id", "=", after.assignedTo!)
        .executeTakeFirstOrThrow();
      expect(sender.role).toBe(role);
      const entries = await timeline(lead.id);
      expect(entries.slice(-3)).toEqual([
        { kind: "quote", body: `Quote Q1 sent to ${lead.email}: 2 lines, £33.60 a month and £75.00 one-off ex VAT`, actorName: expect.any(String) },
        { kind: "status", body: "Status changed from New to Contacted", actorName: expect.any(String) },
        { kind: "assignment", body: `Assigned to ${sender.firstName} ${sender.lastName} (sent quote Q1)`, actorName: `${sender.firstName} ${sender.lastName}` },
      ]);
      expect(quote).toMatchObject({ emailedTo: lead.email, notEmailed: null, ownerTaken: true });
      expect((await auditOf(draft.id)).map((entry) => entry.action)).toEqual(["quote.created", "quote.sent"]);
      expect((await auditOf(draft.id)).at(-1)?.summary).toContain(`(${reference})`);
      // GET answers the same sent quote.
      expect(await (await staff.manager.get(`/admin/api/quotes/${draft.id}`)).json()).toMatchObject({ status: "sent", customerPath: quote.customerPath });
    },
  );

  it.each(["contacted", "qualified"] as const)("leaves a %s lead's status and first contact as they were", async (status) => {
    const lead = await newLead();
    expect((await staff.manager.put(`/admin/api/quote-requests/${lead.id}`, { status })).status).toBe(200);
    const before = await storedLead(lead.id);
    await sent((await draftFor(lead.id)).id);
    const after = await storedLead(lead.id);
    expect(after.status).toBe(status);
    expect(after.firstContactedAt).toBe(before.firstContactedAt);
    expect((await timeline(lead.id)).filter((entry) => entry.kind === "status")).toHaveLength(1);
  });

  it("leaves a lead someone owns with its owner: sending by a colleague takes nothing", async () => {
    const lead = await newLead();
    const admin = await server.db.selectFrom("adminUsers").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    expect((await staff.admin.patch(`/admin/api/quote-requests/${lead.id}`, { assignedTo: admin.id })).status).toBe(200);
    const quote = await sent((await draftFor(lead.id)).id, staff.manager);
    expect(quote).toMatchObject({ ownerTaken: false });
    expect((await storedLead(lead.id)).assignedTo).toBe(admin.id);
    expect((await timeline(lead.id)).filter((entry) => entry.kind === "assignment")).toHaveLength(1);
  });

  it("freezes the quote: a catalogue price change after sending changes nothing, and a change is refused (409)", async () => {
    const lead = await newLead();
    const quote = await sent((await draftFor(lead.id)).id);
    const raised = await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: 1900 });
    expect(raised.status).toBe(200);
    try {
      const read = await (await staff.manager.get(`/admin/api/quotes/${quote.id}`)).json();
      expect(read).toMatchObject({ lines: quote.lines, totals: quote.totals });
      expect(read.totals.monthlyExVatPence).toBe(3360);
      const before = await storedQuote(quote.id);
      const change = await staff.manager.patch(`/admin/api/quotes/${quote.id}`, { customerNote: "Too late" });
      expect(change.status).toBe(409);
      expect((await change.json()).error).toBe("Quote Q1 is sent and can no longer be changed");
      expect(await storedQuote(quote.id)).toEqual(before);
    } finally {
      await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: CHOSEN.monthlyPriceExVatPence });
    }
  });

  it("refuses to send a quote twice (409), sending one email", async () => {
    const lead = await newLead();
    const quote = await sent((await draftFor(lead.id)).id);
    const before = await storedQuote(quote.id);
    const again = await send(quote.id);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("Quote Q1 has already been sent");
    expect(await storedQuote(quote.id)).toEqual(before);
    await customerEmail(lead.email);
    expect(await quoteEmails(server, lead.id)).toHaveLength(1);
  });

  it("refuses a draft with no lines (409), changing nothing", async () => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    expect((await staff.manager.patch(`/admin/api/quotes/${draft.id}`, { lines: [] })).status).toBe(200);
    const before = await storedQuote(draft.id);
    const response = await send(draft.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe("Quote Q1 has no lines: add at least one before sending it");
    expect(await storedQuote(draft.id)).toEqual(before);
    expect((await storedLead(lead.id)).status).toBe("new");
    expect(await quoteEmails(server, lead.id)).toEqual([]);
  });

  it("refuses a draft whose validity has passed (409), changing nothing", async () => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    // Drafted a while ago and left: its valid-until day was yesterday.
    await server.db
      .updateTable("quotes")
      .set({ validUntil: daysAfterToday(-1) })
      .where("id", "=", draft.id)
      .execute();
    const before = await storedQuote(draft.id);
    const response = await send(draft.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatch(
      /^Quote Q1 was valid until \d{1,2} \w{3} \d{4}, which has passed: choose a later valid-until day before sending it$/,
    );
    expect(await storedQuote(draft.id)).toEqual(before);
    expect((await storedLead(lead.id)).status).toBe("new");
    expect(await quoteEmails(server, lead.id)).toEqual([]);
  });

  it("answers 404 for a quote that is not there, 401 to a visitor, and 405 to a GET", async () => {
    expect((await send(999_999)).status).toBe(404);
    expect((await send("abc")).status).toBe(404);
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    const before = await storedQuote(draft.id);
    expect((await visitor.postJson(`/admin/api/quotes/${draft.id}/send`, undefined)).status).toBe(401);
    expect((await staff.manager.get(`/admin/api/quotes/${draft.id}/send`)).status).toBe(405);
    expect(await storedQuote(draft.id)).toEqual(before);
  });
});

describe("sending with email off", () => {
  const quiet = testServerForSuite(TEST_OWNER_ENV);
  let owner: Client;

  beforeAll(async () => {
    ({ super_admin: owner } = await staffOfEveryRole(quiet));
    await addTariffs(owner, [CHOSEN]);
  });

  it("sends all the same, for staff to give the customer the link, and queues no email", async () => {
    const lead = await newLead(quiet);
    const response = await owner.postJson(`/admin/api/quotes/${(await draftFor(lead.id, owner)).id}/send`, undefined);
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = (await response.json()) as Quote;
    expect(quote.status).toBe("sent");
    expect(quote.customerPath).toMatch(/^\/quote\/[A-Za-z0-9_-]{22}$/);
    // The answer says it was not emailed, and why.
    expect(quote).toMatchObject({ emailedTo: null, notEmailed: "email is off", ownerTaken: true });
    expect(await quoteEmails(quiet, lead.id)).toEqual([]);
    expect((await storedLead(lead.id, quiet)).status).toBe("contacted");
    expect((await timeline(lead.id, quiet)).find((entry) => entry.body.startsWith("Quote Q1 sent"))?.body).toBe(
      "Quote Q1 sent (not emailed: email is off; give the customer the link): 2 lines, £33.60 a month and £75.00 one-off ex VAT",
    );
  });
});

/** Marks a stored quote as its customer's answer would leave it (the customer's side is tested with its own routes). */
const answered = (quoteId: number, status: "accepted" | "declined") =>
  server.db
    .updateTable("quotes")
    .set(status === "accepted" ? { status, acceptedAt: new Date().toISOString() } : { status, declinedAt: new Date().toISOString() })
    .where("id", "=", quoteId)
    .execute();

describe("a lead has one accepted quote", () => {
  it("refuses to send another quote while one of the lead's is accepted (409), changing nothing and emailing nobody", async () => {
    const lead = await newLead();
    const v1 = await sent((await draftFor(lead.id)).id);
    await customerEmail(lead.email);
    await answered(v1.id, "accepted");
    const draft = await draftFor(lead.id);
    const before = await storedQuote(draft.id);
    const response = await send(draft.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe("Quote Q1 of this lead has been accepted, and a lead has one accepted quote: Q2 cannot be sent");
    expect(await storedQuote(draft.id)).toEqual(before);
    expect((await storedQuote(v1.id)).status).toBe("accepted");
    expect(await quoteEmails(server, lead.id)).toHaveLength(1);
  });
});

describe("POST /admin/api/quotes/{id}/withdraw", () => {
  it.each(["manager", "admin", "super_admin"] as const)("lets a %s withdraw a sent quote, on the timeline and in the audit log", async (role) => {
    const lead = await newLead();
    const quote = await sent((await draftFor(lead.id)).id);
    const response = await staff[role].postJson(`/admin/api/quotes/${quote.id}/withdraw`, undefined);
    expect(response.status, await response.clone().text()).toBe(200);
    const withdrawn = (await response.json()) as Quote;
    expect(withdrawn).toMatchObject({ id: quote.id, status: "withdrawn", customerPath: quote.customerPath, totals: quote.totals });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await storedQuote(quote.id)).status).toBe("withdrawn");
    expect((await timeline(lead.id)).at(-1)).toMatchObject({ kind: "quote", body: "Quote Q1 withdrawn" });
    expect((await auditOf(quote.id)).map((entry) => entry.action)).toEqual(["quote.created", "quote.sent", "quote.withdrawn"]);
  });

  it("withdraws a draft, after which the lead may draft again", async () => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    const response = await staff.manager.postJson(`/admin/api/quotes/${draft.id}/withdraw`, undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "withdrawn", customerPath: null });
    expect((await draftFor(lead.id)).version).toBe(2);
  });

  it.each([
    { status: "accepted", answer: "accepted" },
    { status: "declined", answer: "declined" },
  ] as const)("refuses a quote its customer has $status (409), changing nothing", async ({ status, answer }) => {
    const quote = await sent((await draftFor((await newLead()).id)).id);
    await answered(quote.id, answer);
    const before = await storedQuote(quote.id);
    const response = await staff.manager.postJson(`/admin/api/quotes/${quote.id}/withdraw`, undefined);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe(`Quote Q1 is ${status} and can no longer be withdrawn`);
    expect(await storedQuote(quote.id)).toEqual(before);
  });

  it("refuses a quote already withdrawn, or past its validity (409), and one that is not there (404)", async () => {
    const quote = await sent((await draftFor((await newLead()).id)).id);
    expect((await staff.manager.postJson(`/admin/api/quotes/${quote.id}/withdraw`, undefined)).status).toBe(200);
    const again = await staff.manager.postJson(`/admin/api/quotes/${quote.id}/withdraw`, undefined);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("Quote Q1 is withdrawn and can no longer be withdrawn");

    const lapsed = await sent((await draftFor((await newLead()).id)).id);
    await server.db
      .updateTable("quotes")
      .set({ validUntil: daysAfterToday(-1) })
      .where("id", "=", lapsed.id)
      .execute();
    const late = await staff.manager.postJson(`/admin/api/quotes/${lapsed.id}/withdraw`, undefined);
    expect(late.status).toBe(409);
    expect((await late.json()).error).toBe("Quote Q1 is expired and can no longer be withdrawn");
    expect((await storedQuote(lapsed.id)).status).toBe("sent");

    expect((await staff.manager.postJson("/admin/api/quotes/999999/withdraw", undefined)).status).toBe(404);
    expect((await visitor.postJson(`/admin/api/quotes/${lapsed.id}/withdraw`, undefined)).status).toBe(401);
  });
});

describe("POST /admin/api/quotes/{id}/revise", () => {
  const revise = (quoteId: number | string, client = staff.manager) => client.postJson(`/admin/api/quotes/${quoteId}/revise`, undefined);

  it("drafts version 2 from a sent quote: its lines as they were, its notes, the current terms and a fresh validity", async () => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    expect((await staff.manager.patch(`/admin/api/quotes/${draft.id}`, { customerNote: "As discussed", internalMemo: "Call on Friday" })).status).toBe(200);
    // Valid for less than a fresh quote would be.
    await server.db
      .updateTable("quotes")
      .set({ validUntil: daysAfterToday(2), termsVersion: "2025-01" })
      .where("id", "=", draft.id)
      .execute();
    const v1 = await sent(draft.id);
    expect((await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: 1900 })).status).toBe(200);
    try {
      const response = await revise(v1.id);
      expect(response.status, await response.clone().text()).toBe(201);
      const v2 = (await response.json()) as Quote;
      const current = (await (await staff.manager.get(`/admin/api/quotes/${draft.id}`)).json()) as Quote;
      expect(v2).toMatchObject({
        leadId: lead.id,
        version: 2,
        status: "draft",
        supersedesQuoteId: v1.id,
        lines: v1.lines,
        customerNote: "As discussed",
        internalMemo: "Call on Friday",
        start: ukDay(new Date()),
        validUntil: daysAfterToday(14),
        customerPath: null,
        sentAt: null,
      });
      expect(v2.terms.version).not.toBe("2025-01");
      expect(v2.totals).toEqual(priceQuote(v1.lines, v2.start));
      expect(v2.totals.monthlyExVatPence).toBe(3360);
      // The quote it revises stays as it was until the revision is sent.
      expect(current.status).toBe("sent");
      expect((await storedQuote(v2.id)).token).not.toBe((await storedQuote(v1.id)).token);
      expect((await timeline(lead.id)).at(-1)).toMatchObject({
        kind: "quote",
        body: "Quote Q2 drafted as a revision of Q1: 2 lines, £33.60 a month and £75.00 one-off ex VAT",
      });
      expect((await auditOf(v2.id)).map((entry) => entry.action)).toEqual(["quote.revised"]);
    } finally {
      await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: CHOSEN.monthlyPriceExVatPence });
    }
  });

  it("supersedes version 1 when version 2 is sent, on version 1's timeline and in its audit", async () => {
    const lead = await newLead();
    const v1 = await sent((await draftFor(lead.id)).id);
    const v2 = (await (await revise(v1.id)).json()) as Quote;
    expect((await staff.manager.patch(`/admin/api/quotes/${v2.id}`, { customerNote: "Now with a better price" })).status).toBe(200);
    const sentV2 = await sent(v2.id);
    expect(sentV2.status).toBe("sent");
    expect(await (await staff.manager.get(`/admin/api/quotes/${v1.id}`)).json()).toMatchObject({ status: "superseded", customerPath: v1.customerPath });
    expect((await timeline(lead.id)).map((entry) => entry.body)).toContain("Quote Q1 superseded by Q2");
    expect((await auditOf(v1.id)).map((entry) => entry.action)).toEqual(["quote.created", "quote.sent", "quote.superseded"]);
    // The customer is emailed each version's own link.
    await expect
      .poll(() => mailbox.to(lead.email).filter((email) => email.subject === `Your quote ${lead.reference}-Q2 from ClearLine Business`).length)
      .toBe(1);
    const second = mailbox.to(lead.email).find((email) => email.subject.endsWith("Q2 from ClearLine Business"))!;
    expect(second.text).toContain(`${APP_URL}${sentV2.customerPath}`);
    expect(sentV2.customerPath).not.toBe(v1.customerPath);
    // A superseded quote is not withdrawn, revised again while a draft is open, or sent.
    expect((await staff.manager.postJson(`/admin/api/quotes/${v1.id}/withdraw`, undefined)).status).toBe(409);
    expect((await send(v1.id)).status).toBe(409);
  });

  it("revises a withdrawn or declined quote", async () => {
    const withdrawn = await sent((await draftFor((await newLead()).id)).id);
    expect((await staff.manager.postJson(`/admin/api/quotes/${withdrawn.id}/withdraw`, undefined)).status).toBe(200);
    expect((await revise(withdrawn.id)).status).toBe(201);
    const declined = await sent((await draftFor((await newLead()).id)).id);
    await answered(declined.id, "declined");
    expect((await revise(declined.id)).status).toBe(201);
  });

  it("refuses an accepted quote, or while the lead has a draft (409), and a quote that is not there (404)", async () => {
    const lead = await newLead();
    const v1 = await sent((await draftFor(lead.id)).id);
    expect((await revise(v1.id)).status).toBe(201);
    const twice = await revise(v1.id);
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toBe("This lead already has a draft quote (Q2): edit that one");

    const accepted = await sent((await draftFor((await newLead()).id)).id);
    await answered(accepted.id, "accepted");
    const response = await revise(accepted.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe("Quote Q1 is accepted: it can no longer be revised");
    expect(await server.db.selectFrom("quotes").select("id").where("leadId", "=", accepted.leadId).execute()).toHaveLength(1);

    expect((await revise(999_999)).status).toBe(404);
    expect((await visitor.postJson(`/admin/api/quotes/${v1.id}/revise`, undefined)).status).toBe(401);
  });
});

describe("a quote's validity running out", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-expiry-"));
  let expiring: TestServer | undefined;
  afterAll(async () => {
    await expiring?.stop();
    await removeTestData(dataDir);
  });

  it("reads as expired the day after its valid-until day, and is marked expired as the server starts, by the System", async () => {
    expiring = await startTestServer(TEST_OWNER_ENV, { dataDir });
    const { super_admin: owner } = await staffOfEveryRole(expiring);
    await addTariffs(owner, [CHOSEN]);
    const quoteFor = async () => {
      const lead = await newLead(expiring);
      const response = await owner.postJson(`/admin/api/quotes/${(await draftFor(lead.id, owner)).id}/send`, undefined);
      expect(response.status).toBe(200);
      return { lead, quote: (await response.json()) as Quote };
    };
    const lapsed = await quoteFor();
    const lastDay = await quoteFor();
    // The clock moved on: one quote's valid-until day was yesterday, the other's is today.
    await expiring.db
      .updateTable("quotes")
      .set({ validUntil: daysAfterToday(-1) })
      .where("id", "=", lapsed.quote.id)
      .execute();
    await expiring.db
      .updateTable("quotes")
      .set({ validUntil: daysAfterToday(0) })
      .where("id", "=", lastDay.quote.id)
      .execute();

    // Before any sweep, every read already says expired.
    expect(await (await owner.get(`/admin/api/quotes/${lapsed.quote.id}`)).json()).toMatchObject({ status: "expired" });
    expect((await (await owner.get(`/admin/api/leads/${lapsed.lead.id}/quotes`)).json())[0]).toMatchObject({ status: "expired" });
    expect(await (await owner.get(`/admin/api/quotes/${lastDay.quote.id}`)).json()).toMatchObject({ status: "sent" });

    await expiring.stop();
    expiring = await startTestServer(TEST_OWNER_ENV, { dataDir });
    const stored = (id: number) => expiring!.db.selectFrom("quotes").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await stored(lapsed.quote.id)).status).toBe("expired");
    expect((await stored(lastDay.quote.id)).status).toBe("sent");
    expect((await timeline(lapsed.lead.id, expiring)).at(-1)).toEqual({ kind: "quote", body: "Quote Q1 expired", actorName: "System" });
    expect((await auditOf(lapsed.quote.id, expiring)).at(-1)).toEqual({
      action: "quote.expired",
      summary: `Quote Q1 expired (${lapsed.lead.reference}-Q1)`,
      actorName: "System",
    });
    expect((await timeline(lastDay.lead.id, expiring)).map((entry) => entry.body)).not.toContain("Quote Q1 expired");
  });
});
