import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_SUMMARY_WORDS } from "~/features/quotes/quote-contract-summary";
import { quoteFormValues, type QuoteFormValues } from "~/features/quotes/quote-form";
import type { QuoteLine } from "~/features/quotes/quotes";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { acceptAsShown } from "../support/quote-answers";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";
import type { AdminRole } from "~/features/staff/admin-roles";

/**
 * The staff quote editor through the real built server, as a browser without
 * JavaScript posts it: every button posts the whole form with its intent and
 * the draft is saved each time, or nothing is saved and the form comes back
 * as typed with each message by its field.
 */

let server: TestServer;
let staff: Record<AdminRole, Client>;

const CHOSEN = tariffInput();
const EXTRA = tariffInput({
  slug: "o2-business-10gb-12",
  network: "O2",
  name: "Business Plan 10GB",
  termMonths: 12,
  monthlyPriceExVatPence: 900,
  priceRises: [],
});

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  staff = await staffOfEveryRole(server);
  await addTariffs(staff.admin, [CHOSEN, EXTRA]);
});

afterAll(async () => {
  await server?.stop();
});

const newLead = () => submitQuoteRequest(server, { ...SAMPLE_QUOTE, tariffSlug: CHOSEN.slug, lines: 3 });
const storedQuote = (id: number) => server.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const storedLines = async (id: number) => JSON.parse((await storedQuote(id)).lines) as QuoteLine[];
const leadQuotes = (leadId: number) => server.db.selectFrom("quotes").selectAll().where("leadId", "=", leadId).execute();

/** "New quote" on the lead page: the draft's id, from where it lands. */
async function startQuote(leadId: number, client = staff.manager): Promise<number> {
  const response = await client.postForm(`/admin/leads/${leadId}/quotes/new`, {});
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(new RegExp(`^/admin/leads/${leadId}/quotes/\\d+$`));
  return Number(location.split("/").pop());
}

/** The editor's form as the page shows it for the saved draft. */
async function savedForm(quoteId: number): Promise<QuoteFormValues> {
  const row = await storedQuote(quoteId);
  return quoteFormValues({
    lines: JSON.parse(row.lines) as QuoteLine[],
    customerNote: row.customerNote,
    internalMemo: row.internalMemo,
    validUntil: row.validUntil,
  });
}

/** Text as it appears in a page (quotes and apostrophes escaped), as a pattern. */
const escape = (text: string) => text.replaceAll("'", "&#x27;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const withoutLines = (values: QuoteFormValues) => Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith("lines.")));

function press(client: Client, leadId: number, quoteId: number, intent: string, values: QuoteFormValues) {
  const fields = Object.fromEntries(Object.entries({ ...values, intent }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return client.postForm(`/admin/leads/${leadId}/quotes/${quoteId}`, fields);
}

describe("New quote", () => {
  it("drafts from the chosen tariff and opens its editor; pressed again, or opened by address, it goes to the same draft", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    expect(await storedLines(quoteId)).toMatchObject([
      { group: "mobile", description: "EE Business SIM 30GB", quantity: 3, unitPriceExVatPence: 1200, tariff: { slug: CHOSEN.slug } },
    ]);
    expect(await startQuote(lead.id)).toBe(quoteId);
    const opened = await staff.admin.get(`/admin/leads/${lead.id}/quotes/new`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/admin/leads/${lead.id}/quotes/${quoteId}`);
    expect(await leadQuotes(lead.id)).toHaveLength(1);

    const page = await staff.manager.get(`/admin/leads/${lead.id}/quotes/${quoteId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="EE Business SIM 30GB"');
    expect(html).toContain('data-total="monthlyExVatPence"');
  });

  it("asks first when opened by address for a lead without a draft, and drafts nothing", async () => {
    const lead = await newLead();
    const response = await staff.manager.get(`/admin/leads/${lead.id}/quotes/new`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Start the quote");
    expect(await leadQuotes(lead.id)).toHaveLength(0);
  });

  it("answers 404 for a lead that is not there, and a quote under another lead's address", async () => {
    expect((await staff.manager.postForm("/admin/leads/999999/quotes/new", {})).status).toBe(404);
    const [first, second] = [await newLead(), await newLead()];
    const quoteId = await startQuote(first.id);
    expect((await staff.manager.get(`/admin/leads/${second.id}/quotes/${quoteId}`)).status).toBe(404);
    expect((await press(staff.manager, second.id, quoteId, "save", await savedForm(quoteId))).status).toBe(404);
  });
});

describe("the editor's buttons", () => {
  it("adds a tariff from the catalogue as a snapshot with its quantity", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const response = await press(staff.manager, lead.id, quoteId, "add-tariff", {
      ...(await savedForm(quoteId)),
      addTariffSlug: EXTRA.slug,
      addTariffQuantity: "2",
    });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/leads/${lead.id}/quotes/${quoteId}`);
    const lines = await storedLines(quoteId);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      description: "O2 Business Plan 10GB",
      quantity: 2,
      unitPriceExVatPence: 900,
      termMonths: 12,
      tariff: { slug: EXTRA.slug },
    });
  });

  it("adds a tariff of the visitor's shortlist in one click, for as many lines as they asked about", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const page = await (await staff.manager.get(`/admin/leads/${lead.id}/quotes/${quoteId}`)).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("Add O2 Business Plan 10GB (3 lines)");
    const response = await press(staff.manager, lead.id, quoteId, "add-shortlist:0", await savedForm(quoteId));
    expect(response.status, await response.clone().text()).toBe(302);
    expect((await storedLines(quoteId))[1]).toMatchObject({ description: "O2 Business Plan 10GB", quantity: 3, tariff: { slug: EXTRA.slug } });
  });

  it("adds a free line typed in pounds, kept in pence exactly, with its discount and reason", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const added = await press(staff.manager, lead.id, quoteId, "add-line", await savedForm(quoteId));
    expect(added.status).toBe(302);
    const form = await staff.manager.follow(added);
    expect(await form.text()).toContain('name="lines.1.description"');
    const response = await press(staff.manager, lead.id, quoteId, "save", {
      ...(await savedForm(quoteId)),
      "lines.1.group": "hardware",
      "lines.1.description": "Desk phone",
      "lines.1.quantity": "2",
      "lines.1.unitPrice": "£49.99",
      "lines.1.charge": "one_off",
      "lines.1.termMonths": "",
      "lines.1.discountKind": "amount",
      "lines.1.discount": "5.10",
      "lines.1.discountReason": "Launch offer",
    });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/leads/${lead.id}`);
    expect((await storedLines(quoteId))[1]).toMatchObject({
      group: "hardware",
      description: "Desk phone",
      quantity: 2,
      unitPriceExVatPence: 4999,
      charge: "one_off",
      termMonths: null,
      tariff: null,
      discount: { kind: "amount", amountExVatPence: 510, reason: "Launch offer" },
    });
  });

  it("removes a line", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const response = await press(staff.manager, lead.id, quoteId, "remove-line:0", await savedForm(quoteId));
    expect(response.status).toBe(302);
    expect(await storedLines(quoteId)).toEqual([]);
  });

  it("shows each message by its field, keeps what was typed, and saves nothing", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const before = await storedQuote(quoteId);
    const response = await press(staff.manager, lead.id, quoteId, "save", {
      ...(await savedForm(quoteId)),
      "lines.0.quantity": "0",
      "lines.3.group": "broadband",
      "lines.3.description": "Fibre 900",
      "lines.3.quantity": "1",
      "lines.3.unitPrice": "12.5x",
      "lines.3.charge": "monthly",
      "lines.3.termMonths": "24",
      "lines.3.discountKind": "percent",
      "lines.3.discount": "10",
      "lines.3.discountReason": "",
      customerNote: "Typed note",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="quote-line-3-unit-price-error"[^>]*>Enter the unit price in pounds and pence, like 12.50</);
    expect(html).toMatch(/id="quote-line-0-quantity-error"[^>]*>The quantity must be between 1 and 500</);
    expect(html).toMatch(/id="quote-line-3-discount-reason-error"[^>]*>Enter the reason for the discount</);
    expect(html).toContain('value="12.5x"');
    expect(html).toContain("Typed note");
    expect(await storedQuote(quoteId)).toEqual(before);
  });

  it("refuses a line's description or discount reason holding control or text-direction characters, by its field, in the form and as JSON, saving nothing", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const before = await storedQuote(quoteId);
    const response = await press(staff.manager, lead.id, quoteId, "save", {
      ...(await savedForm(quoteId)),
      "lines.3.group": "hardware",
      "lines.3.description": "Handsets \u202e00.0£ kcab",
      "lines.3.quantity": "1",
      "lines.3.unitPrice": "120.00",
      "lines.3.charge": "one_off",
      "lines.3.discountKind": "percent",
      "lines.3.discount": "10",
      "lines.3.discountReason": "Loyalty\u0007",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /id="quote-line-3-description-error"[^>]*>Please type the line&#x27;s description again: it holds hidden control or text-direction characters</,
    );
    expect(html).toMatch(
      /id="quote-line-3-discount-reason-error"[^>]*>Please type the reason for the discount again: it holds hidden control or text-direction characters</,
    );
    expect(await storedQuote(quoteId)).toEqual(before);

    const line = { group: "hardware", description: "Handsets \u2066 free", quantity: 1, unitPriceExVatPence: 12_000, charge: "one_off" };
    const patched = await staff.manager.patch(`/admin/api/quotes/${quoteId}`, { lines: [line] });
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      "lines.0.description": "Please type the line's description again: it holds hidden control or text-direction characters",
    });
    expect(await storedQuote(quoteId)).toEqual(before);
  });

  it("shows a tariff the catalogue cannot quote by the add-a-tariff select, and saves nothing", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const before = await storedQuote(quoteId);
    const response = await press(staff.manager, lead.id, quoteId, "add-tariff", {
      ...(await savedForm(quoteId)),
      addTariffSlug: "no-such-tariff",
      addTariffQuantity: "1",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/id="quote-add-tariff-error"[^>]*>No live tariff &quot;no-such-tariff&quot; in the catalogue</);
    expect(await storedQuote(quoteId)).toEqual(before);
  });

  it("refuses a button it does not know, and a malformed form, with a message and never a 500", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const before = await storedQuote(quoteId);
    for (const [intent, values] of [
      ["explode", await savedForm(quoteId)],
      ["remove-line:x", await savedForm(quoteId)],
      ["add-shortlist:99", await savedForm(quoteId)],
      ["save", { "lines.0.quantity": "1e999", "lines.0.group": "space", "lines.0.tariffSlug": "\u0000", validUntil: "yesterday" }],
    ] as const) {
      const response = await press(staff.manager, lead.id, quoteId, intent, values);
      expect(response.status, intent).toBe(400);
    }
    expect(await storedQuote(quoteId)).toEqual(before);
  });
});

describe("Send to customer", () => {
  it("saves the form, sends the quote and goes back to the lead saying what happened; the quote then opens read-only and refuses changes", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const response = await press(staff.manager, lead.id, quoteId, "send", { ...(await savedForm(quoteId)), customerNote: "As discussed on the phone" });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/leads/${lead.id}`);
    // This server has no email: the toast says so and how to reach the customer, never "sent to" an address nobody emailed.
    const leadPage = await (await staff.manager.follow(response)).text();
    expect(leadPage).toContain("Quote Q1 sent, not emailed");
    expect(leadPage).toContain("Not emailed: email is off; copy the link to send it. The lead had no owner: it is yours now.");
    expect(leadPage).not.toContain(`sent to ${SAMPLE_QUOTE.email}`);
    const sent = await storedQuote(quoteId);
    expect(sent).toMatchObject({ status: "sent", customerNote: "As discussed on the phone" });
    expect(sent.sentAt).not.toBeNull();

    const page = await (await staff.manager.get(`/admin/leads/${lead.id}/quotes/${quoteId}`)).text();
    expect(page).toContain('data-testid="quote-read-only"');
    expect(page).not.toContain('data-testid="quote-editor"');
    expect(page).toContain(`href="/quote/${sent.token}"`);

    const refused = await press(staff.manager, lead.id, quoteId, "save", { ...(await savedForm(quoteId)), customerNote: "Changed after sending" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Quote Q1 is sent and can no longer be changed");
    expect(await storedQuote(quoteId)).toEqual(sent);
  });

  it("sends nothing when the form has a mistake", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const response = await press(staff.manager, lead.id, quoteId, "send", { ...(await savedForm(quoteId)), "lines.0.quantity": "many" });
    expect(response.status).toBe(400);
    expect((await storedQuote(quoteId)).status).toBe("draft");
  });

  it("refuses to send a quote while another of the lead's is accepted (409), saying so on the screen", async () => {
    const lead = await newLead();
    const first = await startQuote(lead.id);
    expect((await press(staff.manager, lead.id, first, "send", await savedForm(first))).status).toBe(302);
    const { token } = await storedQuote(first);
    expect((await acceptAsShown(publicClient(server), `/quote/${token}`, { fullName: "Sam Patel", role: "Director" })).status).toBe(302);

    const second = await startQuote(lead.id);
    const refused = await press(staff.manager, lead.id, second, "send", await savedForm(second));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Quote Q1 of this lead has been accepted, and a lead has one accepted quote: Q2 cannot be sent");
    expect((await storedQuote(second)).status).toBe("draft");
  });

  it("refuses to send a quote without lines, saying why", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const response = await press(staff.manager, lead.id, quoteId, "send", withoutLines(await savedForm(quoteId)));
    expect(response.status).toBe(409);
    expect((await storedQuote(quoteId)).status).toBe("draft");
  });
});

describe("Revise and Withdraw", () => {
  /** A lead with quote Q1 sent through the editor. */
  async function sentQuote() {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    expect((await press(staff.manager, lead.id, quoteId, "send", await savedForm(quoteId))).status).toBe(302);
    return { lead, quoteId };
  }

  it("revises a sent quote into version 2, a draft with its lines, and opens its editor; with that draft open, it says so", async () => {
    const { lead, quoteId } = await sentQuote();
    const response = await press(staff.manager, lead.id, quoteId, "revise", {});
    expect(response.status, await response.clone().text()).toBe(302);
    const revised = (await leadQuotes(lead.id)).find((quote) => quote.version === 2)!;
    expect(response.headers.get("location")).toBe(`/admin/leads/${lead.id}/quotes/${revised.id}`);
    expect(revised).toMatchObject({ status: "draft", supersedesQuoteId: quoteId, lines: (await storedQuote(quoteId)).lines });
    expect(await (await staff.manager.follow(response)).text()).toContain("Quote Q2 drafted from Q1");

    const again = await press(staff.manager, lead.id, quoteId, "revise", {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This lead already has a draft quote (Q2): edit that one");
    expect(await leadQuotes(lead.id)).toHaveLength(2);
  });

  it("asks before withdrawing, then withdraws and goes back to the lead; a withdrawn quote is not withdrawn again", async () => {
    const { lead, quoteId } = await sentQuote();
    const path = `/admin/leads/${lead.id}/quotes/${quoteId}/withdraw`;
    const dialog = await staff.manager.get(path);
    expect(dialog.status).toBe(200);
    expect(await dialog.text()).toContain("Withdraw quote Q1?");
    expect((await storedQuote(quoteId)).status).toBe("sent");

    const response = await staff.manager.postForm(path, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/leads/${lead.id}`);
    const withdrawn = await storedQuote(quoteId);
    expect(withdrawn.status).toBe("withdrawn");
    const leadPage = (await (await staff.manager.follow(response)).text()).replaceAll("<!-- -->", "");
    expect(leadPage).toContain("Quote Q1 withdrawn");
    expect(leadPage).toContain('data-status="withdrawn"');

    const again = await staff.manager.postForm(path, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Quote Q1 is withdrawn and can no longer be withdrawn");
    expect(await storedQuote(quoteId)).toEqual(withdrawn);
  });

  it("lists a sent quote's actions on the lead page: the customer's page in a new tab, its PDF, Revise and Withdraw", async () => {
    const { lead, quoteId } = await sentQuote();
    const { token } = await storedQuote(quoteId);
    const html = await (await staff.manager.get(`/admin/leads/${lead.id}`)).text();
    expect(html).toContain(`href="/quote/${token}" target="_blank"`);
    expect(html).toContain(`href="/quote/${token}.pdf"`);
    expect(html).toContain(`action="/admin/leads/${lead.id}/quotes/${quoteId}"`);
    expect(html).toContain(`href="/admin/leads/${lead.id}/quotes/${quoteId}/withdraw"`);
  });

  it("refuses a signed-out visitor's revise and withdraw, changing nothing", async () => {
    const { lead, quoteId } = await sentQuote();
    const before = await leadQuotes(lead.id);
    const visitor = publicClient(server);
    for (const [path, fields] of [
      [`/admin/leads/${lead.id}/quotes/${quoteId}`, { intent: "revise" }],
      [`/admin/leads/${lead.id}/quotes/${quoteId}/withdraw`, {}],
    ] as const) {
      const response = await visitor.postForm(path, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/api/login");
    }
    expect(await leadQuotes(lead.id)).toEqual(before);
  });
});

describe("the contract summary", () => {
  it("shows a business of ten or fewer its contract summary, and warns by the term field and in the summary of a term over 24 months", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const path = `/admin/leads/${lead.id}/quotes/${quoteId}`;
    const before = await (await staff.manager.get(path)).text();
    expect(before).toContain('data-testid="contract-summary"');
    expect(before).not.toContain(CONTRACT_SUMMARY_WORDS.longTermWarning);

    expect(
      (
        await press(staff.manager, lead.id, quoteId, "add-tariff", {
          ...(await savedForm(quoteId)),
          "lines.0.termMonths": "36",
          addTariffSlug: EXTRA.slug,
          addTariffQuantity: "1",
        })
      ).status,
    ).toBe(302);
    const after = await (await staff.manager.get(path)).text();
    expect(after).toMatch(new RegExp(`id="quote-line-0-term-months-hint"[^>]*>${escape(CONTRACT_SUMMARY_WORDS.longTermWarning)}<`));
    // A monthly line within 24 months needs no words under its term in the compact row.
    expect(after).not.toContain('id="quote-line-1-term-months-hint"');
    expect(after).toMatch(new RegExp(`data-testid="long-term-warning"[^>]*>${escape(CONTRACT_SUMMARY_WORDS.longTermWarning)}<`));
  });

  it("is not shown for a team of ten or more", async () => {
    const lead = await submitQuoteRequest(server, { ...SAMPLE_QUOTE, teamSize: "10+", tariffSlug: CHOSEN.slug, lines: 12 });
    const quoteId = await startQuote(lead.id);
    const page = await (await staff.manager.get(`/admin/leads/${lead.id}/quotes/${quoteId}`)).text();
    expect(page).toContain('data-testid="quote-totals"');
    expect(page).not.toContain('data-testid="contract-summary"');
  });
});

describe("who may build quotes", () => {
  it("sends a signed-out visitor to sign in and stores nothing", async () => {
    const lead = await newLead();
    const visitor = publicClient(server);
    const response = await visitor.postForm(`/admin/leads/${lead.id}/quotes/new`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/api/login");
    expect(await leadQuotes(lead.id)).toHaveLength(0);
  });

  it.each(["manager", "admin", "super_admin"] as const)("lets a %s (who works leads) start and save a quote", async (role) => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id, staff[role]);
    const response = await press(staff[role], lead.id, quoteId, "save", { ...(await savedForm(quoteId)), internalMemo: `By ${role}` });
    expect(response.status).toBe(302);
    expect((await storedQuote(quoteId)).internalMemo).toBe(`By ${role}`);
  });
});

describe("the lead page's Quotes panel", () => {
  it("lists the lead's quotes with their status and monthly value, Edit for a draft, and New quote", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    const html = (await (await staff.manager.get(`/admin/leads/${lead.id}`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain('data-testid="lead-quotes"');
    // The status is in its pill; the words around the tags are what staff read.
    const panelText = /data-testid="lead-quote"[^>]*>(.*?)<\/p>/s.exec(html)![1]!.replace(/<[^>]+>/g, "");
    expect(panelText).toBe("Q1 · Draft · £33.60 a month ex VAT");
    expect(html).toContain(`href="/admin/leads/${lead.id}/quotes/${quoteId}"`);
    expect(html).toContain(`action="/admin/leads/${lead.id}/quotes/new"`);
    expect(html).toContain("Quote Q1 drafted");
  });
});

describe("the lead's timeline", () => {
  /** The timeline as staff read it on the lead's page: each entry's words, oldest first. */
  async function timeline(leadId: number): Promise<string[]> {
    const html = (await (await staff.admin.get(`/admin/leads/${leadId}`)).text()).replaceAll("<!-- -->", "");
    const list = /data-testid="lead-timeline">(.*?)<\/ol>/s.exec(html)![1]!;
    return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((item) =>
      item[1]!
        .replace(/<time.*?<\/time>/gs, "")
        .replace(/<[^>]+>/g, "")
        .trim(),
    );
  }
  const auditActions = async (since: number) =>
    (await server.db.selectFrom("auditLog").select("action").where("id", ">", since).orderBy("id").execute()).map((entry) => entry.action);
  const lastAuditId = async () => (await server.db.selectFrom("auditLog").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;

  it("has one entry per change: adding a tariff line, an untouched Add a line, a note, a status set twice, and Send", async () => {
    const lead = await newLead();
    const quoteId = await startQuote(lead.id);
    expect(await timeline(lead.id)).toEqual(["Submitted", expect.stringMatching(/^Quote Q1 drafted: 1 line, .* by /)]);

    let since = await lastAuditId();
    const added = await press(staff.manager, lead.id, quoteId, "add-tariff", {
      ...(await savedForm(quoteId)),
      addTariffSlug: EXTRA.slug,
      addTariffQuantity: "2",
    });
    expect(added.status).toBe(302);
    const afterAdding = await timeline(lead.id);
    expect(afterAdding).toHaveLength(3);
    expect(afterAdding[2]).toMatch(/^Quote Q1 updated: 2 lines, .* by /);
    expect(afterAdding.filter((entry) => /updated/i.test(entry))).toHaveLength(1);
    expect(await auditActions(since)).toEqual(["quote.updated"]);

    // "Add a line" on an untouched form only opens an empty row: nothing has changed yet.
    since = await lastAuditId();
    expect((await press(staff.manager, lead.id, quoteId, "add-line", await savedForm(quoteId))).status).toBe(302);
    expect(await timeline(lead.id)).toEqual(afterAdding);
    expect(await auditActions(since)).toEqual([]);

    since = await lastAuditId();
    expect((await staff.manager.postForm(`/admin/leads/${lead.id}`, { body: "Called, they want it by Friday" })).status).toBe(302);
    expect(await timeline(lead.id)).toEqual([...afterAdding, expect.stringMatching(/^Note by .*Called, they want it by Friday$/s)]);
    expect(await auditActions(since)).toEqual(["lead.note_added"]);

    // A status set, then set again to what it is: one change.
    since = await lastAuditId();
    for (let time = 0; time < 2; time++) {
      const moved = await staff.manager.postForm("/admin/leads", { intent: "update-status", leadId: String(lead.id), status: "qualified" });
      expect(moved.status).toBe(302);
    }
    const afterStatus = await timeline(lead.id);
    expect(afterStatus).toHaveLength(5);
    expect(afterStatus[4]).toMatch(/^Status changed from New to Qualified by /);
    expect(await auditActions(since)).toEqual(["lead.status_changed"]);

    // Send on the form as saved: the quote sent (and the lead taken by its sender), not also "updated".
    since = await lastAuditId();
    const sent = await press(staff.manager, lead.id, quoteId, "send", await savedForm(quoteId));
    expect(sent.status, await sent.clone().text()).toBe(302);
    const afterSending = (await timeline(lead.id)).slice(afterStatus.length);
    expect(afterSending).toEqual([expect.stringMatching(/^Quote Q1 sent .* by /), expect.stringMatching(/^Assigned to .* \(sent quote Q1\) by /)]);
    expect(await auditActions(since)).toEqual(["quote.sent", "lead.assigned"]);
  });
});
