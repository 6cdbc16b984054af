import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_TERMS } from "~/features/quotes/quote-terms";
import type { Quote, QuoteDocument, QuoteLine } from "~/features/quotes/quotes";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";
import { ukDay } from "~/lib/calendar";
import type { AdminRole } from "~/features/staff/admin-roles";
import { priceQuote } from "~/features/quotes/quote-prices";

/**
 * Quotes staff build from a lead, through the staff JSON routes of the real
 * built server: drafted from the deal the visitor chose, edited while a draft,
 * frozen once sent, gone with their lead.
 */

/** How long a new quote is valid (quote-drafts.server.ts). */
const QUOTE_VALID_DAYS = 14;
let server: TestServer;
let staff: Record<AdminRole, Client>;
let visitor: Client;

/** The chosen deal: £12.00 a line, 10 % off from the 2nd, £14.00 from 1 Apr 2027, £25.00 upfront a line. */
const CHOSEN = tariffInput({ upfrontCostExVatPence: 2500 });
const BROADBAND = tariffInput({
  slug: "o2-business-10gb-12",
  network: "O2",
  name: "Business Plan 10GB",
  termMonths: 12,
  monthlyPriceExVatPence: 900,
  priceRises: [],
});

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  visitor = publicClient(server);
  staff = await staffOfEveryRole(server);
  await addTariffs(staff.admin, [CHOSEN, BROADBAND]);
});

afterAll(async () => {
  await server?.stop();
});

/** A lead as a visitor sends it, with 3 lines of the chosen deal. */
const newLead = (body: Record<string, unknown> = {}) => submitQuoteRequest(server, { ...SAMPLE_QUOTE, tariffSlug: CHOSEN.slug, lines: 3, ...body });

async function draftFor(leadId: number, client = staff.manager): Promise<Quote> {
  const response = await client.postJson(`/admin/api/leads/${leadId}/quotes`, undefined);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

const storedQuote = (id: number) => server.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function daysAfterToday(days: number): string {
  const [year, month, day] = ukDay(new Date()).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const freeLine = (overrides: Partial<Record<keyof QuoteLine, unknown>> = {}) => ({
  group: "broadband",
  description: "Fibre broadband 900",
  quantity: 1,
  unitPriceExVatPence: 3500,
  charge: "monthly",
  termMonths: 24,
  priceRises: [],
  discount: { kind: "percent", percent: 10, reason: "Bundled with mobile" },
  ...overrides,
});

describe("POST /admin/api/leads/{id}/quotes", () => {
  it.each(["manager", "admin", "super_admin"] as const)("drafts a quote for a %s from the deal the visitor chose", async (role) => {
    const lead = await newLead();
    const quote = await draftFor(lead.id, staff[role]);
    const today = ukDay(new Date());
    expect(quote).toMatchObject({
      leadId: lead.id,
      version: 1,
      status: "draft",
      start: today,
      validUntil: daysAfterToday(QUOTE_VALID_DAYS),
      customerNote: null,
      internalMemo: null,
      terms: { version: QUOTE_TERMS.version, text: QUOTE_TERMS.text },
    });
    expect(quote).not.toHaveProperty("token");
    // The chosen deal as it is on the lead, then its upfront cost; the shortlist is not quoted.
    const { tariff } = await server.db.selectFrom("leads").select("tariff").where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(quote.lines).toEqual([
      {
        group: "mobile",
        description: "EE Business SIM 30GB",
        tariff: JSON.parse(tariff!),
        quantity: 3,
        unitPriceExVatPence: 1200,
        charge: "monthly",
        termMonths: 24,
        priceRises: CHOSEN.priceRises,
        multiLineDiscount: CHOSEN.multiLineDiscount,
        discount: null,
      },
      {
        group: "mobile",
        description: "EE Business SIM 30GB: upfront cost",
        tariff: null,
        quantity: 3,
        unitPriceExVatPence: 2500,
        charge: "one_off",
        termMonths: null,
        priceRises: [],
        multiLineDiscount: null,
        discount: null,
      },
    ]);
    expect(quote.totals).toEqual(priceQuote(quote.lines, today));
    expect(quote.totals.monthlyExVatPence).toBe(3360);

    const row = await storedQuote(quote.id);
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(row.totals).toBeNull();
    const activity = await server.db.selectFrom("leadActivity").select(["kind", "body"]).where("leadId", "=", lead.id).execute();
    expect(activity).toContainEqual({ kind: "quote", body: "Quote Q1 drafted: 2 lines, £33.60 a month and £75.00 one-off ex VAT" });
    const audit = await server.db
      .selectFrom("auditLog")
      .select(["action", "summary"])
      .where("entityType", "=", "quote")
      .where("entityId", "=", String(quote.id))
      .execute();
    expect(audit).toEqual([{ action: "quote.created", summary: `Quote Q1 drafted: 2 lines, £33.60 a month and £75.00 one-off ex VAT (${lead.reference}-Q1)` }]);
  });

  it("drafts an empty quote for a lead with no chosen deal, and every token is its own", async () => {
    const first = await draftFor((await newLead({ tariffSlug: undefined, lines: undefined })).id);
    const second = await draftFor((await newLead()).id);
    expect(first.lines).toEqual([]);
    expect(first.totals).toEqual(priceQuote([], first.start));
    expect((await storedQuote(first.id)).token).not.toBe((await storedQuote(second.id)).token);
  });

  it("refuses a second draft while the lead has one open (409), and a lead that is not there (404)", async () => {
    const lead = await newLead();
    await draftFor(lead.id);
    const again = await staff.manager.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("This lead already has a draft quote (Q1): edit that one");
    expect((await staff.manager.postJson("/admin/api/leads/999999/quotes", undefined)).status).toBe(404);
    expect((await staff.manager.postJson("/admin/api/leads/abc/quotes", undefined)).status).toBe(404);
    expect(await server.db.selectFrom("quotes").select("id").where("leadId", "=", lead.id).execute()).toHaveLength(1);
  });

  it("refuses a visitor (401) and stores nothing", async () => {
    const lead = await newLead();
    expect((await visitor.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined)).status).toBe(401);
    expect((await visitor.get(`/admin/api/leads/${lead.id}/quotes`)).status).toBe(401);
    expect(await server.db.selectFrom("quotes").select("id").where("leadId", "=", lead.id).execute()).toEqual([]);
  });
});

describe("GET /admin/api/leads/{id}/quotes and /admin/api/quotes/{id}", () => {
  it.each(["manager", "admin", "super_admin"] as const)(
    "gives a %s the lead's quotes, and one quote with its totals and the customer's document",
    async (role) => {
      const lead = await newLead();
      const quote = await draftFor(lead.id);
      const listed = await staff[role].get(`/admin/api/leads/${lead.id}/quotes`);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual([quote]);

      const one = await staff[role].get(`/admin/api/quotes/${quote.id}`);
      expect(one.status).toBe(200);
      const body = (await one.json()) as Quote & { document: QuoteDocument };
      expect(body.totals).toEqual(priceQuote(quote.lines, quote.start));
      expect(body.document).toMatchObject({
        reference: `${lead.reference}-Q1`,
        version: 1,
        issuedOn: ukDay(new Date()),
        validUntil: quote.validUntil,
        start: quote.start,
        customer: { businessName: "Patel Plumbing", contactName: "Sam Patel", email: SAMPLE_QUOTE.email },
        customerNote: null,
        lines: quote.lines,
        totals: body.totals,
        terms: quote.terms,
      });
      // A team of 5 - 9 is owed the contract summary: the mobile deal, 24 months.
      expect(body.document.contractSummary?.services).toMatchObject([{ description: "EE Business SIM 30GB", termMonths: 24, monthlyPriceExVatPence: 3360 }]);
    },
  );

  it("answers 404 for a quote or lead that is not there, and leaves out the summary for a team of 10+", async () => {
    expect((await staff.manager.get("/admin/api/quotes/999999")).status).toBe(404);
    expect((await staff.manager.get("/admin/api/quotes/1e3")).status).toBe(404);
    expect((await staff.manager.get("/admin/api/leads/999999/quotes")).status).toBe(404);
    const large = await draftFor((await newLead({ teamSize: "10+", lines: 12 })).id);
    const body = await (await staff.manager.get(`/admin/api/quotes/${large.id}`)).json();
    expect(body.document.contractSummary).toBeNull();
    expect((await visitor.get(`/admin/api/quotes/${large.id}`)).status).toBe(401);
  });
});

describe("PATCH /admin/api/quotes/{id}", () => {
  it.each(["manager", "admin", "super_admin"] as const)("changes a draft for a %s: lines, notes and validity, priced by the price module", async (role) => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    const validUntil = daysAfterToday(30);
    const response = await staff[role].patch(`/admin/api/quotes/${draft.id}`, {
      lines: [
        { group: "mobile", tariffSlug: CHOSEN.slug, quantity: 3 },
        freeLine(),
        {
          group: "hardware",
          description: "Desk phones",
          quantity: 2,
          unitPriceExVatPence: 8999,
          charge: "one_off",
          discount: { kind: "amount", amountExVatPence: 1998, reason: "Round price" },
        },
      ],
      customerNote: "  As discussed on the phone.  ",
      internalMemo: "Check signal at the yard",
      validUntil,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = (await response.json()) as Quote;
    expect(quote).toMatchObject({ customerNote: "As discussed on the phone.", internalMemo: "Check signal at the yard", validUntil, status: "draft" });
    expect(quote.lines[0]).toEqual(draft.lines[0]);
    expect(quote.lines[1]).toMatchObject({ group: "broadband", tariff: null, termMonths: 24, multiLineDiscount: null });
    expect(quote.lines[2]).toMatchObject({ group: "hardware", charge: "one_off", termMonths: null, priceRises: [] });
    expect(quote.totals).toEqual(priceQuote(quote.lines, quote.start));
    // £33.60 + £31.50 a month; 2 x £89.99 less £19.98 once.
    expect(quote.totals).toMatchObject({ monthlyExVatPence: 6510, oneOffExVatPence: 16000 });
    expect(await (await staff.manager.get(`/admin/api/quotes/${draft.id}`)).json()).toMatchObject({ lines: quote.lines, totals: quote.totals });
    const audit = await server.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "quote")
      .where("entityId", "=", String(draft.id))
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["quote.created", "quote.updated"]);
    const activity = await server.db
      .selectFrom("leadActivity")
      .select("body")
      .where("leadId", "=", lead.id)
      .where("kind", "=", "quote")
      .orderBy("id")
      .execute();
    expect(activity.at(-1)?.body).toBe("Quote Q1 updated: 3 lines, £65.10 a month and £160.00 one-off ex VAT");
  });

  it.each([
    {
      name: "a negative unit price",
      body: { lines: [freeLine(), freeLine(), freeLine(), freeLine({ unitPriceExVatPence: -1 })] },
      field: "lines.3.unitPriceExVatPence",
    },
    { name: "pence with a fraction", body: { lines: [freeLine({ unitPriceExVatPence: 12.5 })] }, field: "lines.0.unitPriceExVatPence" },
    { name: "no quantity", body: { lines: [freeLine({ quantity: undefined })] }, field: "lines.0.quantity" },
    { name: "501 of a line", body: { lines: [freeLine({ quantity: 501 })] }, field: "lines.0.quantity" },
    { name: "a monthly line with no term", body: { lines: [freeLine({ termMonths: null })] }, field: "lines.0.termMonths" },
    { name: "a 61-month term", body: { lines: [freeLine({ termMonths: 61 })] }, field: "lines.0.termMonths" },
    { name: "a one-off line with a term", body: { lines: [freeLine({ charge: "one_off", termMonths: 12 })] }, field: "lines.0.termMonths" },
    { name: "a group not in the list", body: { lines: [freeLine({ group: "energy" })] }, field: "lines.0.group" },
    { name: "a free line with no description", body: { lines: [freeLine({ description: undefined })] }, field: "lines.0.description" },
    { name: "a discount with no reason", body: { lines: [freeLine({ discount: { kind: "percent", percent: 10 } })] }, field: "lines.0.discount.reason" },
    {
      name: "a discount over 100 %",
      body: { lines: [freeLine({ discount: { kind: "percent", percent: 101, reason: "Oops" } })] },
      field: "lines.0.discount.percent",
    },
    {
      name: "a rise that is a percentage",
      body: { lines: [freeLine({ priceRises: [{ from: "2027-04-01", percent: 3.9 }] })] },
      field: "lines.0.priceRises.0.monthlyPriceExVatPence",
    },
    { name: "61 lines", body: { lines: Array.from({ length: 61 }, () => freeLine()) }, field: "lines" },
    { name: "a customer note over 2,000 characters", body: { customerNote: "x".repeat(2001) }, field: "customerNote" },
    { name: "an internal memo over 2,000 characters", body: { internalMemo: "x".repeat(2001) }, field: "internalMemo" },
    { name: "a day that does not exist", body: { validUntil: "2031-02-30" }, field: "validUntil" },
    { name: "a day that has passed", body: { validUntil: "2020-01-01" }, field: "validUntil" },
  ])("answers 400 naming $field for $name, and changes nothing", async ({ body, field }) => {
    const draft = await draftFor((await newLead()).id);
    const before = await storedQuote(draft.id);
    const response = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(answer.error).toBe("Invalid quote");
    expect(Object.keys(answer.fieldErrors)).toContain(field);
    expect(await storedQuote(draft.id)).toEqual(before);
  });

  it("takes a quote at its largest: 60 lines with long descriptions, rises and reasons, and both notes in full", async () => {
    const draft = await draftFor((await newLead()).id);
    const rises = Array.from({ length: 12 }, (_, index) => ({ from: `${2027 + index}-04-01`, monthlyPriceExVatPence: 3600 + index }));
    const lines = Array.from({ length: 60 }, (_, index) =>
      freeLine({ description: `${index} ${"d".repeat(190)}`, priceRises: rises, discount: { kind: "percent", percent: 5, reason: "r".repeat(200) } }),
    );
    const body = { lines, customerNote: "n".repeat(2000), internalMemo: "m".repeat(2000) };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const response = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as Quote).lines).toHaveLength(60);
  });

  it("answers 400 on the line's tariff for a tariff that is not live, and changes nothing", async () => {
    const draft = await draftFor((await newLead()).id);
    const before = await storedQuote(draft.id);
    const response = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, {
      lines: [freeLine(), { group: "mobile", tariffSlug: "no-such-tariff", quantity: 2 }],
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ "lines.1.tariffSlug": ['No live tariff "no-such-tariff" in the catalogue'] });
    expect(await storedQuote(draft.id)).toEqual(before);
  });

  it("keeps a tariff's snapshot when the catalogue changes after it was added, and copies a newly added tariff as it is now", async () => {
    const draft = await draftFor((await newLead()).id);
    const raised = await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: 1500, name: "Business SIM 30GB Plus" });
    expect(raised.status).toBe(200);
    try {
      expect((await (await staff.manager.get(`/admin/api/quotes/${draft.id}`)).json()).lines).toEqual(draft.lines);
      const response = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, {
        lines: [
          { group: "mobile", tariffSlug: CHOSEN.slug, quantity: 3 },
          { group: "mobile", tariffSlug: BROADBAND.slug, quantity: 2, discount: { kind: "amount", amountExVatPence: 100, reason: "Loyalty" } },
        ],
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const quote = (await response.json()) as Quote;
      expect(quote.lines[0]).toEqual(draft.lines[0]);
      expect(quote.lines[0]!.tariff).toMatchObject({ name: "Business SIM 30GB", monthlyPriceExVatPence: 1200 });
      expect(quote.lines[1]).toMatchObject({
        description: "O2 Business Plan 10GB",
        tariff: { slug: BROADBAND.slug, monthlyPriceExVatPence: 900, lines: 2, start: draft.start },
        unitPriceExVatPence: 900,
        charge: "monthly",
        termMonths: 12,
        multiLineDiscount: BROADBAND.multiLineDiscount,
        discount: { kind: "amount", amountExVatPence: 100, reason: "Loyalty" },
      });
      expect(quote.totals).toEqual(priceQuote(quote.lines, quote.start));
    } finally {
      await staff.admin.patch(`/admin/api/tariffs/${CHOSEN.slug}`, { monthlyPriceExVatPence: CHOSEN.monthlyPriceExVatPence, name: CHOSEN.name });
    }
  });

  it("refuses to change a quote once it is sent (409), keeping its fixed totals", async () => {
    const draft = await draftFor((await newLead()).id);
    // Sending is a later step of the issue: the row is marked sent as sending will leave it.
    const fixed = { ...priceQuote(draft.lines, draft.start), monthlyExVatPence: 1 };
    await server.db
      .updateTable("quotes")
      .set({ status: "sent", sentAt: new Date().toISOString(), totals: JSON.stringify(fixed) })
      .where("id", "=", draft.id)
      .execute();
    const before = await storedQuote(draft.id);
    const response = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, { customerNote: "Too late" });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe("Quote Q1 is sent and can no longer be changed");
    expect(await storedQuote(draft.id)).toEqual(before);
    expect((await (await staff.manager.get(`/admin/api/quotes/${draft.id}`)).json()).totals).toEqual(fixed);
  });

  it("answers 404 for a quote that is not there, and 401 to a visitor", async () => {
    expect((await staff.manager.patch("/admin/api/quotes/999999", { customerNote: "Hello" })).status).toBe(404);
    const draft = await draftFor((await newLead()).id);
    const before = await storedQuote(draft.id);
    expect((await visitor.patch(`/admin/api/quotes/${draft.id}`, { customerNote: "Hello" })).status).toBe(401);
    expect(await storedQuote(draft.id)).toEqual(before);
  });
});

describe("a lead's removal", () => {
  it("removes its quotes", async () => {
    const lead = await newLead();
    const draft = await draftFor(lead.id);
    expect((await staff.admin.delete(`/admin/api/quote-requests/${lead.id}`)).status).toBe(204);
    expect(await server.db.selectFrom("quotes").select("id").where("id", "=", draft.id).execute()).toEqual([]);
    expect((await staff.manager.get(`/admin/api/quotes/${draft.id}`)).status).toBe(404);
  });
});
