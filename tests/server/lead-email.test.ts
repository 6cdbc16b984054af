import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_ANSWER_LABELS, QUOTE_THANK_YOU_TEXT } from "~/features/leads/quote-request";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type StaffClient } from "../support/client";
import { SAMPLE_ENQUIRY } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { startTestServer, type TestServer, testServerForSuite } from "../support/server";

/**
 * Lead and enquiry emails: a real SMTP server in the test process receives
 * what the real built server sends through its outbox, and mailparser reads
 * it. Waits are on states (a message arrived, a row changed), never on times.
 */

const APP_URL = "https://clearline.example.co.uk";
const STAFF = ["sales@example.co.uk", "ops@example.co.uk"];
const CREDENTIALS = { username: "leads-mailer", password: "s3cret pass/word" };
/** Quick retries: 0.2 s doubling to 1 s, 3 tries, 2 s for an answer. */
const QUICK_RETRIES = { outboxFirstRetrySeconds: 0.2, outboxLongestRetrySeconds: 1, outboxAttempts: 3, outboxTryTimeoutSeconds: 2 };

const quote = {
  teamSize: "5 - 9",
  contractExpiry: "Under 3 months",
  businessType: "LTD company",
  businessName: "Smith & <Sons> Roofing",
  postcode: "LS1 4AP",
  firstName: "Jo",
  lastName: "Smith",
  phoneNumber: "07700 900123",
  requirements: "Signal on site <b>please</b>",
};

const postQuote = (server: TestServer, body: Record<string, string>) => publicClient(server).postJson("/api/quote-requests", body);

const postLead = (server: TestServer, email: string) => submitQuoteRequest(server, { ...quote, email });

/** The wizard's final step as the page posts it: a plain form without JavaScript, the fetcher's data request with it. */
function postWizard(server: TestServer, fields: Record<string, string>, withJavaScript: boolean) {
  const path = withJavaScript ? "/?index&_data=routes%2F_site._index" : "/?index";
  return publicClient(server).postForm(path, { intent: "quote-submit", ...fields });
}

const outboxOfLead = (server: TestServer, leadId: number) => server.db.selectFrom("outbox").selectAll().where("leadId", "=", leadId).orderBy("id").execute();

async function arrived(mailbox: TestMailbox, to: string, subjectPart: string): Promise<ReceivedEmail> {
  await expect.poll(() => mailbox.to(to).filter((email) => email.subject.includes(subjectPart)).length).toBeGreaterThan(0);
  const [email, ...more] = mailbox.to(to).filter((candidate) => candidate.subject.includes(subjectPart));
  expect(more).toEqual([]);
  return email!;
}

/** Whether an email carries any of the answers typed (an address is allowed only where it was sent). */
function expectNoneTyped(email: ReceivedEmail, typed: Record<string, string>) {
  const { email: _address, teamSize: _size, contractExpiry: _expiry, businessType: _type, ...freeText } = typed;
  for (const value of Object.values(freeText)) {
    for (const part of [email.subject, email.text, email.html]) {
      expect(part, value).not.toContain(value);
      expect(part, value).not.toContain(value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"));
    }
  }
}

/** Checks the staff notification and the visitor's confirmation of one lead. */
async function expectLeadEmails(mailbox: TestMailbox, lead: { id: number; reference: string }, visitor: string, cameFrom: string) {
  const staff = await arrived(mailbox, STAFF[0]!, lead.reference);
  expect(staff.to).toEqual(STAFF);
  expect(staff.subject).toBe(`New quote request ${lead.reference}: ${quote.businessName}`);
  expect(staff.from).toBe('"ClearLine Business" <hello@clearlinebusiness.co.uk>');
  expect(staff.replyTo).toBe(visitor);
  const link = `${APP_URL}/admin/leads/${lead.id}`;
  expect(staff.text).toContain(`Reference: ${lead.reference}`);
  expect(staff.text).toContain(`Came from: ${cameFrom}`);
  for (const [field, value] of Object.entries({ ...quote, email: visitor })) {
    expect(staff.text).toContain(`${QUOTE_ANSWER_LABELS[field as keyof typeof QUOTE_ANSWER_LABELS]}: ${value}`);
  }
  expect(staff.text).toContain(link);
  expect(staff.html).toContain(`href="${link}"`);
  // Whatever the visitor typed is escaped in the HTML part.
  expect(staff.html).toContain("Smith &amp; &lt;Sons&gt; Roofing");
  expect(staff.html).toContain("Signal on site &lt;b&gt;please&lt;/b&gt;");
  expect(staff.html).not.toContain("<Sons>");
  expect(staff.html).not.toContain("<b>please");

  const confirmation = await arrived(mailbox, visitor, lead.reference);
  expect(confirmation.to).toEqual([visitor]);
  expect(confirmation.subject).toBe(`Your quote request ${lead.reference} – ClearLine Business`);
  for (const part of [confirmation.text, confirmation.html]) {
    expect(part).toContain(lead.reference);
    expect(part).toContain(QUOTE_THANK_YOU_TEXT);
    expect(part).toContain("0113 496 0123");
    expect(part).toContain("hello@clearlinebusiness.co.uk");
    expect(part).toContain("Suite 4, Riverside House, 12 Wharf Street, Leeds, LS2 7EQ");
  }
  // Fixed text and the reference only: nothing the visitor typed (it goes to an address nobody has confirmed).
  expectNoneTyped(confirmation, { ...quote, email: visitor });
  // Nothing about the portal goes to the visitor.
  expect(confirmation.text).not.toContain("/admin/");
  // Each sent once, marked delivered; the Message-ID names the delivery, the same on every try.
  await expect.poll(async () => (await outboxOfLead(mailboxServer, lead.id)).map((row) => row.deliveredAt !== null)).toEqual([true, true]);
  const rows = await outboxOfLead(mailboxServer, lead.id);
  expect(rows.map((row) => row.kind)).toEqual(["lead.staff-email", "lead.confirmation-email"]);
  expect(staff.messageId).toBe(`<outbox-${rows[0]!.id}@clearlinebusiness.co.uk>`);
  expect(staff.auth).toEqual(CREDENTIALS);
}

let mailbox: TestMailbox;
let mailboxServer: TestServer;

describe("lead and enquiry emails over SMTP", () => {
  let owner: StaffClient;

  beforeAll(async () => {
    mailbox = await TestMailbox.start(CREDENTIALS);
    mailboxServer = await startTestServer({ SMTP_URL: mailbox.url, LEAD_NOTIFY_TO: STAFF.join(", "), APP_URL, ...TEST_OWNER_ENV }, { tuning: QUICK_RETRIES });
    owner = await staffClient(mailboxServer, "super_admin");
  });
  afterAll(async () => {
    await mailboxServer?.stop();
    await mailbox?.close();
  });

  it("says at start, once, that email is on", () => {
    expect(mailboxServer.output().match(/Email is on: from ClearLine Business <hello@clearlinebusiness.co.uk>/g)).toHaveLength(1);
  });

  it("emails staff and the visitor for a lead sent to POST /api/quote-requests", async () => {
    const visitor = "api-visitor@example.co.uk";
    const lead = await postLead(mailboxServer, visitor);
    await expectLeadEmails(mailbox, lead, visitor, "API");
  });

  it.each([
    ["without JavaScript", false],
    ["with JavaScript", true],
  ])("emails staff and the visitor for a lead from the quote wizard %s", async (_name, withJavaScript) => {
    const visitor = `wizard-${withJavaScript ? "js" : "plain"}@example.co.uk`;
    const response = await postWizard(mailboxServer, { ...quote, email: visitor, submissionToken: crypto.randomUUID() }, withJavaScript);
    expect(response.status).toBe(200);
    const lead = await mailboxServer.db.selectFrom("leads").select(["id", "reference"]).where("email", "=", visitor).executeTakeFirstOrThrow();
    expect(await response.text()).toContain(lead.reference);
    await expectLeadEmails(mailbox, lead, visitor, "/");
  });

  it("emails staff for a contact enquiry, with the link to it in the portal; deleting the enquiry deletes its email", async () => {
    const enquiry = { ...SAMPLE_ENQUIRY, email: "enquirer@example.co.uk", message: "Call me about <script>alert(1)</script> broadband" };
    const response = await publicClient(mailboxServer).postForm("/contact", enquiry);
    expect(response.status).toBe(302);
    const { id } = await mailboxServer.db.selectFrom("contactEnquiries").select("id").where("email", "=", enquiry.email).executeTakeFirstOrThrow();

    const email = await arrived(mailbox, STAFF[0]!, "New contact enquiry");
    expect(email.to).toEqual(STAFF);
    expect(email.subject).toBe("New contact enquiry: Broadband from Sam Patel");
    expect(email.replyTo).toBe(enquiry.email);
    expect(email.text).toContain(`Open the enquiry in the portal: ${APP_URL}/admin/enquiries/${id}`);
    expect(email.text).toContain(enquiry.message);
    expect(email.text).toContain(`Contact number: ${enquiry.contactNumber}`);
    expect(email.html).toContain(`href="${APP_URL}/admin/enquiries/${id}"`);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).not.toContain("<script>");
    // No confirmation goes to the enquirer (the contact form promises a reply, not an email).
    expect(mailbox.to(enquiry.email)).toEqual([]);

    const outbox = () => mailboxServer.db.selectFrom("outbox").select(["kind", "deliveredAt"]).where("enquiryId", "=", id).execute();
    await expect.poll(async () => (await outbox()).map((row) => [row.kind, row.deliveredAt !== null])).toEqual([["enquiry.staff-email", true]]);
    const deleted = await owner.delete(`/admin/api/enquiries/${id}`);
    expect(deleted.status).toBe(204);
    expect(await outbox()).toEqual([]);
  });

  it("sends the visitor no word of what they typed, so the confirmation cannot carry anyone's message", async () => {
    const visitor = "relay-target@example.co.uk";
    const typed = {
      ...quote,
      firstName: "Claim your prize",
      lastName: "at https://prize.example/win",
      businessName: "Visit http://spam.example.net now",
      postcode: "SW1A 1AA",
      phoneNumber: "07700 900999",
      companyName: "Cheap pills www.pills.example",
      jobTitle: "Winner",
      requirements: 'Click <a href="https://phish.example/login">here</a> to verify your account',
    };
    const response = await postQuote(mailboxServer, { ...typed, email: visitor });
    expect(response.status).toBe(201);
    const lead: { id: number; reference: string } = await response.json();
    const confirmation = await arrived(mailbox, visitor, lead.reference);
    expect(confirmation.text).toContain(lead.reference);
    expect(confirmation.text).toContain(QUOTE_THANK_YOU_TEXT);
    expectNoneTyped(confirmation, { ...typed, postcode: typed.postcode.toUpperCase() });
    for (const part of [confirmation.text, confirmation.html]) expect(part).not.toMatch(/prize|spam\.example|pills|phish/);
    // Staff still get every answer.
    const staff = await arrived(mailbox, STAFF[0]!, lead.reference);
    expect(staff.text).toContain(typed.businessName);
    expect(staff.text).toContain("phish.example");
  });

  it("sends one address at most three confirmations a day; later leads are still stored and told to staff", async () => {
    const visitor = "Often-Asked@Example.co.uk";
    const leads: Array<{ id: number; reference: string }> = [];
    for (let index = 0; index < 4; index++) leads.push(await postLead(mailboxServer, index % 2 ? visitor.toLowerCase() : visitor));
    // Every lead is stored and its staff email sent, the fourth's too.
    for (const lead of leads) await arrived(mailbox, STAFF[0]!, lead.reference);
    const confirmations = async () =>
      (
        await mailboxServer.db
          .selectFrom("outbox")
          .select("leadId")
          .where("kind", "=", "lead.confirmation-email")
          .where(
            "leadId",
            "in",
            leads.map((lead) => lead.id),
          )
          .orderBy("id")
          .execute()
      ).map((row) => row.leadId);
    expect(await confirmations()).toEqual(leads.slice(0, 3).map((lead) => lead.id));
    await expect.poll(() => mailbox.received.filter((email) => email.to.some((to) => to.toLowerCase() === visitor.toLowerCase())).length).toBe(3);
  });

  it("sends nothing for a honeypot submission or a refused one", async () => {
    const bot = "bot@example.co.uk";
    const refused = "refused@example.co.uk";
    expect((await postQuote(mailboxServer, { ...quote, email: bot, websiteUrl: "http://spam.example" })).status).toBe(201);
    expect((await postWizard(mailboxServer, { ...quote, email: bot, websiteUrl: "http://spam.example" }, false)).status).toBe(200);
    const contact = await publicClient(mailboxServer).postForm("/contact", { ...SAMPLE_ENQUIRY, email: bot, websiteUrl: "http://spam.example" });
    expect(contact.status).toBe(302);
    expect((await postQuote(mailboxServer, { ...quote, email: refused, phoneNumber: "" })).status).toBe(400);
    expect((await postWizard(mailboxServer, { ...quote, email: refused, businessName: "" }, true)).status).toBe(400);

    // A real lead after them: once its emails are in, anything the others had queued would be too.
    const after = "after-the-bots@example.co.uk";
    const lead = await postLead(mailboxServer, after);
    await arrived(mailbox, after, lead.reference);
    await arrived(mailbox, STAFF[0]!, lead.reference);
    expect(mailbox.to(bot)).toEqual([]);
    expect(mailbox.to(refused)).toEqual([]);
    expect(mailbox.received.filter((email) => email.text.includes(bot) || email.text.includes(refused))).toEqual([]);
    expect(await mailboxServer.db.selectFrom("leads").select("id").where("email", "in", [bot, refused]).execute()).toEqual([]);
  });

  it("keeps the lead when the SMTP server refuses, tries again, and after the last try shows the failure to staff", async () => {
    const visitor = "mailbox-full@example.co.uk";
    mailbox.refuse(visitor, "Mailbox full");
    const lead = await postLead(mailboxServer, visitor);
    expect(await mailboxServer.db.selectFrom("leads").select("email").where("id", "=", lead.id).executeTakeFirst()).toEqual({ email: visitor });

    const confirmation = async () => (await outboxOfLead(mailboxServer, lead.id)).find((row) => row.kind === "lead.confirmation-email")!;
    await expect.poll(async () => (await confirmation()).failedAt).not.toBeNull();
    expect(await confirmation()).toMatchObject({ attempts: 3, deliveredAt: null, nextAttemptAt: null });
    expect((await confirmation()).lastError).toMatch(/550.*Mailbox full/);
    // The staff notification of the same lead still went.
    await arrived(mailbox, STAFF[0]!, lead.reference);

    const page = (await (await owner.get("/admin/dashboard")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Webhook and email deliveries need attention");
    expect(page).toMatch(/data-testid="webhook-failed-count">1 delivery</);
    expect(page).toContain("Confirmation email to the visitor");
    expect(page).toContain("Mailbox full");
    expect(page).toContain(`href="/admin/leads/${lead.id}">${lead.reference}</a>`);
  });

  it("never loses an email queued while the SMTP server is down: it arrives when the server is back", async () => {
    const visitor = "while-down@example.co.uk";
    await mailbox.close();
    const lead = await postLead(mailboxServer, visitor);
    await expect
      .poll(async () => (await outboxOfLead(mailboxServer, lead.id)).map((row) => row.lastError))
      .toEqual([expect.stringMatching(/ECONNREFUSED/), expect.stringMatching(/ECONNREFUSED/)]);
    await mailbox.listen();
    await arrived(mailbox, visitor, lead.reference);
    await arrived(mailbox, STAFF[0]!, lead.reference);
  });
});

describe("emails across a restart", () => {
  let downMailbox: TestMailbox;
  let first: TestServer;
  let second: TestServer | undefined;

  beforeAll(async () => {
    downMailbox = await TestMailbox.start();
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await downMailbox?.close();
  });

  it("sends after a restart what could not be sent before it", async () => {
    const env = { SMTP_URL: downMailbox.url, LEAD_NOTIFY_TO: "sales@example.co.uk", APP_URL };
    const tuning = { ...QUICK_RETRIES, outboxAttempts: 1000 };
    await downMailbox.close();
    first = await startTestServer(env, { tuning });
    const visitor = "across-restart@example.co.uk";
    const lead = await postLead(first, visitor);
    await expect.poll(async () => (await outboxOfLead(first, lead.id)).every((row) => row.lastError?.includes("ECONNREFUSED"))).toBe(true);

    expect((await first.kill("SIGTERM")).code).toBe(0);
    await downMailbox.listen();
    second = await startTestServer(env, { dataDir: first.dataDir, tuning });
    await expect.poll(() => downMailbox.to(visitor).length).toBe(1);
    await expect.poll(() => downMailbox.to("sales@example.co.uk").length).toBe(1);
    expect(downMailbox.to(visitor)[0]!.text).toContain(lead.reference);
  });
});

describe("without SMTP_URL", () => {
  const server = testServerForSuite({ LEAD_NOTIFY_TO: "sales@example.co.uk" });

  it("queues and sends nothing, and the start log says so once", async () => {
    const lead = await postLead(server, "no-email@example.co.uk");
    const enquiry = await publicClient(server).postForm("/contact", SAMPLE_ENQUIRY);
    expect(enquiry.status).toBe(302);
    expect(await outboxOfLead(server, lead.id)).toEqual([]);
    expect(await server.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    expect(server.output().match(/Email is off: SMTP_URL is not set/g)).toHaveLength(1);
  });
});
