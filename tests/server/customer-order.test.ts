import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client, type StaffClient } from "../support/client";
import {
  acceptOrderQuote,
  billing,
  BUSINESS,
  DELIVERY,
  keptNumberLine,
  lineFields,
  newNumberLine,
  ORDER_TARIFFS,
  sentOrderQuote,
} from "../support/customer-orders";
import { TestMailbox } from "../support/mailbox";
import { ukDayFromNow } from "../support/seeded-quotes";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs } from "../support/tariffs";
import { formatCalendarDay } from "~/lib/calendar";
import { ORDER_REFERENCE_SHAPE } from "~/features/orders/order-rules";

/**
 * The customer's side of an order through the real built server: a quote sent by staff and accepted on its page, then its order page's sections saved
 * and the order submitted with plain form posts, as a browser without JavaScript posts them. What is stored is read back from the database.
 */

const APP_URL = "https://clearline.example.co.uk";

let server: TestServer;
let mailbox: TestMailbox;
let manager: StaffClient;
let customer: Client;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, APP_URL }, { tuning: { rateLimitMax: 1000 } });
  customer = publicClient(server);
  const staff = await staffOfEveryRole(server);
  manager = staff.manager!;
  await addTariffs(staff.admin!, ORDER_TARIFFS);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

async function acceptedQuote() {
  const sent = await sentOrderQuote(server, manager);
  await acceptOrderQuote(customer, sent.path);
  return { ...sent, orderPath: `${sent.path}/order` };
}

const orderOf = (quoteId: number) => server.db.selectFrom("orders").selectAll().where("quoteId", "=", quoteId).executeTakeFirstOrThrow();
const linesOf = (orderId: number) => server.db.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
const save = (path: string, section: string, fields: Record<string, string>) => customer.postForm(path, { intent: `save-${section}`, ...fields });
const submit = (path: string) => customer.postForm(path, { intent: "submit" });
/** The same posts as the page's fetchers send them with JavaScript: answered as data (a refusal's messages by field). */
const AS_DATA = `?_data=${encodeURIComponent("routes/quote.$token_.order")}`;
const saveData = (path: string, section: string, fields: Record<string, string>) => save(`${path}${AS_DATA}`, section, fields);
const submitData = (path: string) => submit(`${path}${AS_DATA}`);
const allLines = () => ({
  lineCount: "7",
  ...keptNumberLine(1),
  ...keptNumberLine(2),
  ...keptNumberLine(3),
  ...newNumberLine(4),
  ...newNumberLine(5),
  ...newNumberLine(6),
  ...newNumberLine(7),
});

async function refusedWith(response: Response, status = 400): Promise<Record<string, string>> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
}

/** Everything of an order and its lines as stored, to show a refusal changed nothing. */
async function snapshot(quoteId: number) {
  const order = await orderOf(quoteId);
  return { order, lines: await linesOf(order.id) };
}

describe("the order of an accepted quote", () => {
  it("is made when the customer accepts, once, with the lead's details and one line per unit, pennies adding up", async () => {
    const { quote, leadId, path, orderPath } = await acceptedQuote();
    const order = await orderOf(quote.id);
    const lead = await server.db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      leadId,
      status: "awaiting_details",
      version: 1,
      ownerId: manager.user.id,
      businessName: lead.companyName || lead.businessName,
      billingName: `${lead.firstName} ${lead.lastName}`,
      billingEmail: lead.email,
      billingEmailNormalised: lead.email.toLowerCase(),
      billingPhoneNormalised: lead.phoneNumber.replace(/\D/g, ""),
      detailsSubmittedAt: null,
    });
    expect(order.reference).toMatch(ORDER_REFERENCE_SHAPE);
    const lines = await linesOf(order.id);
    expect(lines.map((line) => [line.position, line.tariffName, line.termMonths])).toEqual([
      ...[1, 2, 3].map((position) => [position, quote.lines[0]!.description, 24]),
      ...[4, 5, 6, 7].map((position) => [position, quote.lines[2]!.description, 12]),
    ]);
    const first = lines.slice(0, 3).reduce((sum, line) => sum + line.monthlyExVatPence, 0);
    const second = lines.slice(3).reduce((sum, line) => sum + line.monthlyExVatPence, 0);
    expect([first, second]).toEqual([quote.totals.lines[0]!.amountExVatPence, quote.totals.lines[2]!.amountExVatPence]);

    // Opening the page and accepting again make no second order.
    expect((await customer.get(orderPath)).status).toBe(200);
    await acceptOrderQuote(customer, path);
    expect(await server.db.selectFrom("orders").select("id").where("quoteId", "=", quote.id).execute()).toHaveLength(1);
    const page = await (await customer.get(path)).text();
    expect(page).toContain("Complete your order");
    expect(page).toContain(`href="${orderPath}"`);
  });

  it("is made when its page is first opened, for a quote accepted before orders existed", async () => {
    const { quote, orderPath } = await acceptedQuote();
    await server.db.deleteFrom("orders").where("quoteId", "=", quote.id).execute();
    const response = await customer.get(orderPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const order = await orderOf(quote.id);
    expect(await response.text()).toContain(order.reference);
    expect(await linesOf(order.id)).toHaveLength(7);
  });

  it("is 404 for a quote not accepted and for an unknown or malformed token, to a visit and a post alike", async () => {
    const sent = await sentOrderQuote(server, manager);
    for (const path of [`${sent.path}/order`, "/quote/AAAAAAAAAAAAAAAAAAAAAA/order", "/quote/not-a-token/order"]) {
      const page = await customer.get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect((await save(path, "business", BUSINESS)).status, path).toBe(404);
    }
    expect(await server.db.selectFrom("orders").select("id").where("quoteId", "=", sent.quote.id).execute()).toEqual([]);
    expect(await (await customer.get(sent.path)).text()).not.toContain("Complete your order");
  });
});

describe("the customer's draft", () => {
  it("saves each section on its own and shows it again on the same link", async () => {
    const { quote, orderPath } = await acceptedQuote();
    const saved = await save(orderPath, "lines", { lineCount: "7", ...keptNumberLine(1), ...newNumberLine(4) });
    expect(saved.status, await saved.clone().text()).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${orderPath}#order-business`);
    expect((await save(orderPath, "business", BUSINESS)).status).toBe(302);
    expect((await save(orderPath, "delivery", DELIVERY)).status).toBe(302);

    const { order, lines } = await snapshot(quote.id);
    expect(order).toMatchObject({ version: 4, businessKind: "limited_company", companyNumber: "01234567", deliveryPostcode: "LS1 1AA", deliveryLine2: null });
    expect(lines[0]).toMatchObject({ userName: "Kept User 1", numberChoice: "keep", mobileNumber: "07700900121", pac: "ABC123441", pacEnding: "441" });
    expect(lines[3]).toMatchObject({ userName: "New User 4", numberChoice: "new", mobileNumber: null, pac: null, simType: "esim" });
    expect(lines[1]).toMatchObject({ userName: null, numberChoice: null });

    // Coming back later: the page holds what was saved.
    const page = await (await customer.get(orderPath)).text();
    for (const shown of ["Kept User 1", "ABC123441", "Patel Plumbing Ltd", "01234567", "LS1 1AA"]) expect(page).toContain(shown);
  });

  it("refuses malformed answers and a wrong line count by field, changing nothing", async () => {
    const { quote, orderPath } = await acceptedQuote();
    expect((await save(orderPath, "lines", allLines())).status).toBe(302);
    const before = await snapshot(quote.id);
    const refusals: Array<[string, Record<string, string>, Record<string, string>]> = [
      ["lines", { ...allLines(), lineCount: "6" }, { lineCount: "This order has 7 lines: reload the page and fill in each one" }],
      ["lines", { ...allLines(), ...lineFields(2, { mobileNumber: "020 7946 0000" }) }, { line2MobileNumber: "Enter a UK mobile number, like 07700 900123" }],
      ["lines", { ...allLines(), ...lineFields(3, { pac: "AB1234567" }) }, { line3Pac: "Enter the PAC as three letters and six digits, like ABC123456" }],
      ["lines", { ...allLines(), ...lineFields(1, { pacIssuedOn: "2026-02-31" }) }, { line1PacIssuedOn: "Enter a real date, like 03/11/2026" }],
      ["lines", { ...allLines(), ...lineFields(1, { pacIssuedOn: ukDayFromNow(1) }) }, { line1PacIssuedOn: "The PAC's issue date cannot be in the future" }],
      ["lines", { ...allLines(), ...lineFields(5, { simType: "nano" }) }, { line5SimType: "Please choose a SIM or eSIM for line 5 from the list" }],
      [
        "business",
        { ...BUSINESS, companyNumber: "12-34" },
        { companyNumber: "Enter the 8-character company number from Companies House, like 01234567 or SC123456" },
      ],
      ["business", { ...BUSINESS, businessKind: "charity" }, { businessKind: "Please choose the kind of business from the list" }],
      ["delivery", { ...DELIVERY, deliveryPostcode: "LS1" }, { deliveryPostcode: "Enter a UK postcode, like SW1A 1AA" }],
      ["billing", { ...billing(), billingEmail: "accounts@" }, { billingEmail: "Please enter a valid email address, like name@company.co.uk" }],
      ["billing", { ...billing(), earliestConnectionDate: "tomorrow" }, { earliestConnectionDate: "Enter a real date, like 03/11/2026" }],
      ["billing", { ...billing(-1) }, { earliestConnectionDate: `Choose a connection date from ${formatCalendarDay(ukDayFromNow(0))} onwards` }],
    ];
    // Staff signed in to the portal are previewing the customer's link: their post changes nothing.
    const preview = await manager.postForm(`${orderPath}${AS_DATA}`, { intent: "save-business", ...BUSINESS, businessName: "Staff Typed Ltd" });
    expect(preview.status).toBe(403);
    for (const [section, fields, errors] of refusals)
      expect(await refusedWith(await saveData(orderPath, section, fields)), JSON.stringify(errors)).toEqual(errors);
    expect(await refusedWith(await customer.postForm(`${orderPath}${AS_DATA}`, { intent: "save-everything" }))).toEqual({});
    expect(await snapshot(quote.id)).toEqual(before);
  });

  it("refuses a PAC already expired, or expiring before the connection date, with its date", async () => {
    const { quote, orderPath } = await acceptedQuote();
    const expired = await refusedWith(await saveData(orderPath, "lines", { ...allLines(), ...keptNumberLine(2, 31) }));
    expect(expired).toEqual({ line2Pac: `This PAC expired on ${formatCalendarDay(ukDayFromNow(-1))}: ask the current network for a new one` });

    // Saved while it lasts to the connection date; the date moved later, submitting says which PAC ends first.
    expect((await save(orderPath, "lines", { ...allLines(), ...keptNumberLine(2, 25) })).status).toBe(302);
    for (const [section, fields] of Object.entries({ business: BUSINESS, delivery: DELIVERY, billing: billing(10) })) {
      expect((await save(orderPath, section, fields)).status).toBe(302);
    }
    const before = await snapshot(quote.id);
    expect(await refusedWith(await submitData(orderPath))).toEqual({
      line2Pac: `This PAC expires on ${formatCalendarDay(ukDayFromNow(5))}, before your connection date`,
    });
    expect(await snapshot(quote.id)).toEqual(before);
    // And a lines save against the saved connection date says the same.
    expect(await refusedWith(await saveData(orderPath, "lines", { ...allLines(), ...keptNumberLine(2, 25) }))).toEqual({
      line2Pac: `This PAC expires on ${formatCalendarDay(ukDayFromNow(5))}, before your connection date`,
    });
  });
});

describe("submitting the order", () => {
  it("says each missing answer by field and changes nothing until the order is complete", async () => {
    const { quote, orderPath } = await acceptedQuote();
    expect((await save(orderPath, "lines", { lineCount: "7", ...keptNumberLine(1), ...lineFields(1, { pac: "" }), ...newNumberLine(2) })).status).toBe(302);
    expect((await save(orderPath, "business", { ...BUSINESS, companyNumber: "" })).status).toBe(302);
    const before = await snapshot(quote.id);
    const errors = await refusedWith(await submitData(orderPath));
    expect(errors).toMatchObject({
      line1Pac: "Please enter line 1's PAC",
      line3UserName: "Please enter the name of line 3's user",
      line3NumberChoice: "Please choose whether line 3 keeps a number",
      line3SimType: "Please choose a SIM or eSIM for line 3",
      companyNumber: "Please enter the company number",
      deliveryPostcode: "Please enter the delivery postcode",
      earliestConnectionDate: "Please enter the earliest connection date",
    });
    expect(errors.line2UserName).toBeUndefined();
    expect(await snapshot(quote.id)).toEqual(before);
    // The page drawn again without JavaScript shows the messages in its summary.
    const page = await (await submit(orderPath)).text();
    expect(page).toContain("There is a problem");
    expect(page).toContain("Please enter line 1&#x27;s PAC");
  });

  it("moves a complete order to Details received once: timeline, audit, one email with PAC endings only, the progress on the quote's page", async () => {
    const { quote, leadId, path, orderPath } = await acceptedQuote();
    expect((await save(orderPath, "lines", allLines())).status).toBe(302);
    for (const [section, fields] of Object.entries({ business: BUSINESS, delivery: DELIVERY, billing: billing() })) {
      expect((await save(orderPath, section, fields)).status).toBe(302);
    }
    const submitted = await submit(orderPath);
    expect(submitted.status, await submitted.clone().text()).toBe(302);
    expect(submitted.headers.get("Location")).toBe(path);

    const { order, lines } = await snapshot(quote.id);
    expect(order).toMatchObject({ status: "details_received", version: 6, billingEmailNormalised: "accounts@patel-plumbing.example.co.uk" });
    expect(order.detailsSubmittedAt).not.toBeNull();
    expect(new Set(lines.map((line) => line.status))).toEqual(new Set(["details_received"]));
    const body = `Order ${order.reference} details received from the customer`;
    const timeline = () => server.db.selectFrom("leadActivity").select(["kind", "body"]).where("leadId", "=", leadId).where("kind", "=", "order").execute();
    expect(await timeline()).toEqual([{ kind: "order", body }]);
    const audit = () => server.db.selectFrom("auditLog").select("action").where("entityType", "=", "order").where("entityId", "=", String(order.id)).execute();
    expect(await audit()).toEqual([{ action: "order.details_received" }]);

    const emails = () =>
      server.db.selectFrom("outbox").select(["kind", "recipientEmail"]).where("leadId", "=", leadId).where("kind", "=", "order.customer-email").execute();
    expect(await emails()).toEqual([{ kind: "order.customer-email", recipientEmail: "accounts@patel-plumbing.example.co.uk" }]);
    await expect.poll(() => mailbox.to("accounts@patel-plumbing.example.co.uk").length).toBe(1);
    const email = mailbox.to("accounts@patel-plumbing.example.co.uk")[0]!;
    expect(email.subject).toBe(`Order ${order.reference}: details received`);
    expect(email.text).toContain("Line 1: Kept User 1, 07700 900121 (PAC ending 441), SIM");
    expect(email.text).toContain("Line 7: New User 7, New number, eSIM");
    expect(email.text).not.toContain("ABC123441");

    // The quote's page shows the progress, PACs by their endings only; the order page leads there.
    const page = await (await customer.get(path)).text();
    expect(page.replaceAll("<!-- -->", "")).toContain(`Your order ${order.reference}`);
    expect(page).toContain("Details received");
    expect(page).toContain("PAC ending 441");
    expect(page).not.toContain("ABC123441");
    expect(page).not.toContain("Complete your order");
    expect((await customer.get(orderPath)).headers.get("Location")).toBe(path);

    // Submitting again, or saving a section, changes nothing.
    const again = await submit(orderPath);
    expect(again.status).toBe(302);
    const late = await saveData(orderPath, "business", { ...BUSINESS, businessName: "Someone Else Ltd" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { formError: string }).formError).toContain("can no longer be changed here");
    expect(await snapshot(quote.id)).toEqual({ order, lines });
    expect(await timeline()).toHaveLength(1);
    expect(await audit()).toHaveLength(1);
    expect(await emails()).toHaveLength(1);
  });
});
