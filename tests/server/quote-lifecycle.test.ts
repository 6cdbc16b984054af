import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminRole } from "~/lib/enums";
import { londonDateStamp } from "~/lib/format";
import type { Quote } from "~/lib/quotes";
import { priceQuote } from "~/lib/tariff-prices";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

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
  const [year, month, day] = londonDateStamp(new Date()).split("-").map(Number) as [number, number, number];
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

      // Sending is the first contact: a New lead moves to Contacted.
      const after = await storedLead(lead.id);
      expect(after.status).toBe("contacted");
      expect(after.firstContactedAt).not.toBeNull();
      const entries = await timeline(lead.id);
      expect(entries.slice(-2)).toEqual([
        { kind: "quote", body: `Quote Q1 sent to ${lead.email}: 2 lines, £33.60 a month and £75.00 one-off ex VAT`, actorName: expect.any(String) },
        { kind: "status", body: "Status changed from New to Contacted", actorName: expect.any(String) },
      ]);
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
    expect(await quoteEmails(quiet, lead.id)).toEqual([]);
    expect((await storedLead(lead.id, quiet)).status).toBe("contacted");
    expect((await timeline(lead.id, quiet)).find((entry) => entry.body.startsWith("Quote Q1 sent"))?.body).toBe(
      "Quote Q1 sent (email is off: give the customer the link): 2 lines, £33.60 a month and £75.00 one-off ex VAT",
    );
  });
});
