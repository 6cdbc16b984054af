import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceTariff } from "~/features/tariffs/tariff-prices";
import type { TariffSnapshot } from "~/features/tariffs/tariffs";
import { TEST_OWNER, TEST_OWNER_ENV, waitForAdminUser } from "../support/admin";
import { publicClient, staffClient, type Client } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { TestHook } from "../support/hook";
import { TestMailbox } from "../support/mailbox";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";
import { ukDay } from "~/lib/calendar";

/**
 * The deal a visitor chose, and the shortlist made for them, carried into the
 * lead: through `POST /api/quote-requests` and the wizard's form action, kept
 * as a snapshot, and shown to staff in the JSON, the CSV and the new-lead email.
 */

const APP_URL = "https://clearline.example.co.uk";
const STAFF_INBOX = "sales@example.co.uk";
const UNAVAILABLE = "This deal is no longer available: choose another or remove it";

let server: TestServer;
let mailbox: TestMailbox;
let hook: TestHook;
let admin: Client;
let visitor: Client;

/** EE is the chosen deal (£12.00 a line, 10 % off each line from the 2nd); the others fill the shortlist. */
const CATALOGUE = [
  tariffInput(),
  tariffInput({ slug: "o2-business-10gb-12", network: "O2", name: "Business Plan 10GB", termMonths: 12, monthlyPriceExVatPence: 900, priceRises: [] }),
  tariffInput({ slug: "o2-business-5gb-12", network: "O2", name: "Business Plan 5GB", termMonths: 12, monthlyPriceExVatPence: 950, priceRises: [] }),
  tariffInput({ slug: "three-unlimited-24", network: "Three", name: "Unlimited Business", monthlyPriceExVatPence: 2000, multiLineDiscount: null }),
  tariffInput({ slug: "vodafone-100gb-36", network: "Vodafone", name: "Business Pro 100GB", termMonths: 36, monthlyPriceExVatPence: 3000, minLines: 5 }),
  tariffInput({ slug: "ee-draft-24", status: "draft", name: "Business SIM Draft" }),
  tariffInput({ slug: "ee-withdrawn-24", status: "withdrawn", name: "Business SIM Old" }),
  tariffInput({ slug: "ee-team-only-24", name: "Team SIM", minLines: 5, maxLines: 20 }),
];

beforeAll(async () => {
  [mailbox, hook] = await Promise.all([TestMailbox.start(), TestHook.start()]);
  server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, LEAD_NOTIFY_TO: STAFF_INBOX, APP_URL, LEAD_WEBHOOK_URL: hook.url });
  await waitForAdminUser(server.db, TEST_OWNER.email);
  admin = await staffClient(server, "admin");
  visitor = publicClient(server);
  await addTariffs(admin, CATALOGUE);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
  await hook?.stop();
});

const countLeads = async () => (await server.db.selectFrom("leads").select("id").execute()).length;

async function storedDeal(id: number): Promise<{ tariff: TariffSnapshot | null; tariffShortlist: TariffSnapshot[] | null }> {
  const row = await server.db.selectFrom("leads").select(["tariff", "tariffShortlist"]).where("id", "=", id).executeTakeFirstOrThrow();
  return {
    tariff: row.tariff === null ? null : JSON.parse(row.tariff),
    tariffShortlist: row.tariffShortlist === null ? null : JSON.parse(row.tariffShortlist),
  };
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes; no cell here spans lines). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (quoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (character === '"') quoted = !quoted;
    else if (character === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += character;
  }
  return [...cells, cell];
}

async function postQuote(body: Record<string, unknown>): Promise<Response> {
  return visitor.postJson("/api/quote-requests", { ...SAMPLE_QUOTE, ...body });
}

async function createdLead(body: Record<string, unknown>): Promise<{ id: number; reference: string }> {
  const response = await postQuote(body);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

describe("POST /api/quote-requests with a chosen deal", () => {
  it("keeps the deal as the visitor saw it, priced for their lines from today, with a shortlist of three networks", async () => {
    const before = Date.now();
    const { id } = await createdLead({ tariffSlug: "ee-business-30gb-24", lines: 3 });
    const { tariff, tariffShortlist } = await storedDeal(id);
    const today = ukDay(new Date());
    const expected = priceTariff(tariffInput(), { lines: 3, start: today });
    expect(tariff).toMatchObject({
      slug: "ee-business-30gb-24",
      network: "EE",
      name: "Business SIM 30GB",
      lines: 3,
      start: today,
      linePriceExVatPence: 1200,
      // £12.00 + 2 x £10.80.
      teamMonthlyExVatPence: 3360,
      contractTotalExVatPence: expected.contractTotalExVatPence,
      effectiveMonthlyExVatPence: expected.effectiveMonthlyExVatPence,
      priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1400 }],
      checkedOn: "2026-11-01",
      isSample: false,
    });
    expect(Date.parse(tariff!.takenAt)).toBeGreaterThanOrEqual(before - 1000);
    // Lowest effective monthly, one per network; Vodafone's needs 5 lines and draft/withdrawn never show.
    expect(tariffShortlist!.map((deal) => deal.slug)).toEqual(["o2-business-10gb-12", "ee-business-30gb-24", "three-unlimited-24"]);
    expect(tariffShortlist!.every((deal) => deal.lines === 3 && deal.start === today)).toBe(true);
  });

  it("prices the deal for the team size's lines when no lines are given, accepting lines as a form would send them", async () => {
    const { id } = await createdLead({ tariffSlug: "ee-business-30gb-24", teamSize: "5 - 9" });
    expect((await storedDeal(id)).tariff).toMatchObject({ lines: 9 });
    const { id: second } = await createdLead({ tariffSlug: "ee-business-30gb-24", lines: "4" });
    expect((await storedDeal(second)).tariff).toMatchObject({ lines: 4 });
  });

  it("stores no deal but still a shortlist when none was chosen", async () => {
    const { id } = await createdLead({ teamSize: "10+" });
    const { tariff, tariffShortlist } = await storedDeal(id);
    expect(tariff).toBeNull();
    expect(tariffShortlist!.map((deal) => [deal.network, deal.lines])).toEqual([
      ["O2", 10],
      ["EE", 10],
      ["Vodafone", 10],
    ]);
  });

  it.each([
    ["an unknown deal", { tariffSlug: "no-such-deal" }, "tariffSlug", UNAVAILABLE],
    ["a draft deal", { tariffSlug: "ee-draft-24" }, "tariffSlug", UNAVAILABLE],
    ["a withdrawn deal", { tariffSlug: "ee-withdrawn-24" }, "tariffSlug", UNAVAILABLE],
    ["too few lines for the deal", { tariffSlug: "ee-team-only-24", lines: 2 }, "tariffSlug", UNAVAILABLE],
    ["too many lines for the deal", { tariffSlug: "ee-team-only-24", lines: 21 }, "tariffSlug", UNAVAILABLE],
    ["no lines", { tariffSlug: "ee-business-30gb-24", lines: 0 }, "lines", "Please choose between 1 and 50 lines"],
    ["too many lines", { lines: 51 }, "lines", "Please choose between 1 and 50 lines"],
    ["lines that are not a number", { lines: "lots" }, "lines", "Please choose between 1 and 50 lines"],
    ["part of a line", { lines: 2.5 }, "lines", "Please choose between 1 and 50 lines"],
    ["a slug that is not text", { tariffSlug: 42 }, "tariffSlug", UNAVAILABLE],
  ])("answers 400 with a field error for %s, and stores nothing", async (_case, change, field, message) => {
    const before = await countLeads();
    const response = await postQuote(change);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: message });
    expect(await countLeads()).toBe(before);
  });

  it("keeps the snapshot when the catalogue changes or the deal is withdrawn", async () => {
    const { id } = await createdLead({ tariffSlug: "three-unlimited-24", lines: 2 });
    const before = await storedDeal(id);
    await server.db
      .updateTable("tariffs")
      .set({ monthlyPriceExVatPence: 9900, name: "Renamed", status: "withdrawn" })
      .where("slug", "=", "three-unlimited-24")
      .execute();
    try {
      expect(await storedDeal(id)).toEqual(before);
      const { lead } = await (await admin.get(`/admin/api/quote-requests/${id}`)).json();
      expect(lead.tariff).toMatchObject({ name: "Unlimited Business", monthlyPriceExVatPence: 2000, teamMonthlyExVatPence: 4000 });
      // And a new lead can no longer choose it.
      expect((await postQuote({ tariffSlug: "three-unlimited-24" })).status).toBe(400);
    } finally {
      await server.db
        .updateTable("tariffs")
        .set({ monthlyPriceExVatPence: 2000, name: "Unlimited Business", status: "live" })
        .where("slug", "=", "three-unlimited-24")
        .execute();
    }
  });
});

describe("the lead's deal for staff", () => {
  let lead: { id: number; reference: string };
  beforeEach(async () => {
    lead = await createdLead({ tariffSlug: "ee-business-30gb-24", lines: 3, businessName: `Deal Check ${Date.now()}` });
  });

  it("is in the lead JSON, one lead and the list", async () => {
    const one = await (await admin.get(`/admin/api/quote-requests/${lead.id}`)).json();
    expect(one.lead.tariff).toMatchObject({ slug: "ee-business-30gb-24", lines: 3, teamMonthlyExVatPence: 3360 });
    expect(one.lead.tariffShortlist).toHaveLength(3);
    const list = await (await admin.get(`/admin/api/quote-requests?q=${encodeURIComponent(lead.reference)}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].tariff).toEqual(one.lead.tariff);
    expect(list[0].tariffShortlist).toEqual(one.lead.tariffShortlist);
  });

  it("is in the CSV export", async () => {
    const response = await admin.get(`/admin/leads/export?q=${encodeURIComponent(lead.reference)}`);
    expect(response.status).toBe(200);
    const [header, row] = (await response.text()).trim().split(/\r?\n/);
    const columns = csvCells(header!);
    const cells = csvCells(row!);
    const cell = (name: string) => cells[columns.indexOf(name)];
    const total = priceTariff(tariffInput(), { lines: 3, start: ukDay(new Date()) }).contractTotalExVatPence;
    expect(cell("Tariff Slug")).toBe("ee-business-30gb-24");
    expect(cell("Tariff Name")).toBe("EE Business SIM 30GB");
    expect(cell("Tariff Lines")).toBe("3");
    expect(cell("Tariff Team Monthly ex VAT")).toBe("33.60");
    expect(cell("Tariff Contract Total ex VAT")).toBe((total / 100).toFixed(2));
  });

  it("is in the staff's new-lead email", async () => {
    await expect.poll(() => mailbox.to(STAFF_INBOX).filter((email) => email.subject.includes(lead.reference)).length).toBe(1);
    const email = mailbox.to(STAFF_INBOX).find((candidate) => candidate.subject.includes(lead.reference))!;
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Chosen deal");
      expect(part).toContain("EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT (£40.32 inc VAT)");
      // The rise as the team will pay it: £14.00 for the first line, 10 % off the other two.
      expect(part).toContain("From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)");
    }
  });

  it("is in the new-lead webhook's payload", async () => {
    const email = "webhook-deal@example.co.uk";
    await createdLead({ tariffSlug: "ee-business-30gb-24", lines: 3, email });
    await expect.poll(() => hook.deliveriesOf(email).length).toBe(1);
    const [delivery] = hook.deliveriesOf(email);
    expect(delivery!.body.lead.tariff).toMatchObject({ slug: "ee-business-30gb-24", lines: 3, teamMonthlyExVatPence: 3360 });
    expect(delivery!.body.lead.tariffShortlist).toHaveLength(3);
  });

  it("is on the lead's details page", async () => {
    const html = await (await admin.get(`/admin/leads/${lead.id}`)).text();
    expect(html).toContain("Chosen deal");
    expect(html).toContain("Business SIM 30GB");
    expect(html).toContain("£33.60");
    expect(html).toContain("From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)");
    expect(html).toContain("Shortlist");
  });
});

describe("the wizard with a chosen deal (form posts, without JavaScript)", () => {
  const wizardPost = (fields: Record<string, string>) => visitor.postForm("/business-mobile", fields);

  it("carries the deal through every step, and the thank-you step shows it and the shortlist", async () => {
    const deal = { tariffSlug: "ee-business-30gb-24", lines: "3" };
    let html = await (await wizardPost({ ...deal, teamSize: "3 - 4" })).text();
    expect(html).toContain("Your chosen deal: EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT");
    expect(html).toMatch(/<input type="hidden" name="tariffSlug" value="ee-business-30gb-24"\/>/);
    expect(html).toMatch(/<input type="hidden" name="lines" value="3"\/>/);
    html = await (
      await wizardPost({
        ...deal,
        teamSize: "3 - 4",
        contractExpiry: "Under 3 months",
        businessType: "LTD company",
        businessName: "Deal Co",
        intent: "quote-next",
      })
    ).text();
    expect(html).toContain("Your chosen deal: EE Business SIM 30GB");
    expect(html).toMatch(/name="tariffSlug" value="ee-business-30gb-24"/);
    const response = await wizardPost({
      ...deal,
      ...SAMPLE_QUOTE,
      businessName: "Deal Co Wizard",
      intent: "quote-submit",
    });
    expect(response.status).toBe(200);
    html = await response.text();
    expect(html).toContain('data-testid="quote-thank-you"');
    expect(html).toContain("Your chosen deal");
    expect(html).toContain("Business Plan 10GB");
    expect(html).toContain("Unlimited Business");
    const row = await server.db.selectFrom("leads").select("id").where("businessName", "=", "Deal Co Wizard").executeTakeFirstOrThrow();
    expect((await storedDeal(row.id)).tariff).toMatchObject({ slug: "ee-business-30gb-24", lines: 3, teamMonthlyExVatPence: 3360 });
  });

  it("lets the visitor remove the deal, and keeps their answers", async () => {
    const html = await (
      await wizardPost({ tariffSlug: "ee-business-30gb-24", lines: "3", teamSize: "3 - 4", contractExpiry: "Under 3 months", intent: "quote-remove-deal" })
    ).text();
    expect(html).not.toContain("Your chosen deal");
    expect(html).not.toMatch(/name="tariffSlug"/);
    expect(html).toMatch(/name="contractExpiry" value="Under 3 months"/);
    expect(html).toContain("What type of business do you run?");
  });

  it("names the deal as no longer available when it went while the visitor answered", async () => {
    const html = await (await wizardPost({ ...SAMPLE_QUOTE, tariffSlug: "ee-withdrawn-24", lines: "2", intent: "quote-submit" })).text();
    expect(html).toContain(UNAVAILABLE);
    expect(html).not.toContain('data-testid="quote-thank-you"');
  });
});
