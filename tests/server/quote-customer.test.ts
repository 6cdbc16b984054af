import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quote, QuoteDocument } from "~/features/quotes/quotes";
import { QUOTE_TOTAL_ROWS } from "~/features/quotes/quote-words";
import { quoteContentHash } from "~/features/quotes/quote-content-hash.server";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client, type StaffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { bodyProbes, LEAKED_ERROR } from "../support/malformed";
import { readPdf } from "../support/pdf-text";
import { acceptAsShown, fingerprintIn, shownFingerprint } from "../support/quote-answers";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";
import { ukDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import type { AdminRole } from "~/features/staff/admin-roles";

/**
 * The customer's side of a quote, through the real built server: a quote
 * drafted and sent by staff over the JSON routes, its link read from the email
 * a real SMTP server received, then opened, downloaded, accepted or declined
 * by the customer with plain form posts. Waits are on states, never on times.
 */

const APP_URL = "https://clearline.example.co.uk";
const NOTIFY = "sales@clearlinebusiness.co.uk";
const CHOSEN = tariffInput({ upfrontCostExVatPence: 2500 });
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) QuoteTest/1.0";
const BRAND_VAT_NUMBER = "GB 555 0001 23";
const BRAND_PAYMENT_INSTRUCTIONS = "Pay by bank transfer to sort code 12-34-56, account 12345678, quoting your reference.";

let server: TestServer;
let mailbox: TestMailbox;
let staff: Record<AdminRole, StaffClient>;
let customer: Client;
let leadCount = 0;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  server = await startTestServer(
    { ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, APP_URL, LEAD_NOTIFY_TO: NOTIFY, BRAND_VAT_NUMBER, BRAND_PAYMENT_INSTRUCTIONS },
    { tuning: { rateLimitMax: 1000 } },
  );
  customer = publicClient(server);
  staff = (await staffOfEveryRole(server)) as Record<AdminRole, StaffClient>;
  await addTariffs(staff.admin, [CHOSEN]);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

interface SentQuote {
  lead: { id: number; reference: string; email: string };
  quote: Quote;
  token: string;
  path: string;
}

/**
 * A lead (3 lines of the chosen deal), optionally given to a member of staff, with its quote drafted and sent by the manager (who then owns a lead nobody
 * owned; `unowned`: the lead is given back after sending); the link as the customer's email has it.
 */
async function sentQuote(on = server, { owner, unowned = false }: { owner?: StaffClient; unowned?: boolean } = {}): Promise<SentQuote> {
  leadCount += 1;
  const email = `customer-${leadCount}-${process.pid}@example.co.uk`;
  const lead = await submitQuoteRequest(on, { ...SAMPLE_QUOTE, email, tariffSlug: CHOSEN.slug, lines: 3 });
  if (owner) expect((await staff.super_admin.patch(`/admin/api/quote-requests/${lead.id}`, { assignedTo: owner.user.id })).status).toBe(200);
  const drafted = await staff.manager.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined);
  expect(drafted.status, await drafted.clone().text()).toBe(201);
  const draft = (await drafted.json()) as Quote;
  const noted = await staff.manager.patch(`/admin/api/quotes/${draft.id}`, { customerNote: "Thanks for your time on the phone, Sam." });
  expect(noted.status, await noted.clone().text()).toBe(200);
  const sent = await staff.manager.postJson(`/admin/api/quotes/${draft.id}/send`, undefined);
  expect(sent.status, await sent.clone().text()).toBe(200);
  const quote = (await sent.json()) as Quote;
  if (unowned) expect((await staff.super_admin.patch(`/admin/api/quote-requests/${lead.id}`, { assignedTo: null })).status).toBe(200);
  const link = linkIn(await emailTo(email, `Your quote ${lead.reference}-Q`));
  expect(link.startsWith(`${APP_URL}/quote/`)).toBe(true);
  const path = new URL(link).pathname;
  return { lead: { ...lead, email }, quote, token: path.split("/").pop()!, path };
}

async function emailTo(to: string, subjectPart: string, count = 1): Promise<ReceivedEmail> {
  const matching = () => mailbox.to(to).filter((email) => email.subject.includes(subjectPart));
  await expect.poll(() => matching().length).toBe(count);
  return matching().at(-1)!;
}

function linkIn(email: ReceivedEmail): string {
  const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{22}/.exec(email.text)?.[0];
  if (!link) throw new Error(`No quote link in: ${email.text}`);
  return link;
}

const stored = (id: number, on = server) => on.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const storedLead = (id: number, on = server) => on.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const timeline = async (leadId: number) =>
  (await server.db.selectFrom("leadActivity").select(["kind", "body", "actorName"]).where("leadId", "=", leadId).orderBy("id").execute()).map(
    ({ kind, body, actorName }) => `${kind}: ${body} (${actorName})`,
  );
const auditOf = (quoteId: number) =>
  server.db
    .selectFrom("auditLog")
    .select(["action", "actorName"])
    .where("entityType", "=", "quote")
    .where("entityId", "=", String(quoteId))
    .orderBy("id")
    .execute();
const staffEmails = (leadId: number) =>
  server.db.selectFrom("outbox").select(["payload"]).where("leadId", "=", leadId).where("kind", "=", "quote.staff-email").execute();

/** The accept form as the page shows it now (its fingerprint read as the page's script reads it: not a view). */
const accept = (path: string, fields: Record<string, string> = {}, client = customer) =>
  acceptAsShown(client, path, { fullName: "Sam Patel", role: "Director", ...fields }, { "User-Agent": BROWSER });
const decline = (path: string, reason = "", client = customer) => client.postForm(path, { intent: "decline", reason });

function yesterday(): string {
  const [year, month, day] = ukDay(new Date()).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** What the page shows of the totals: each row's label and figure, in order. */
const totalsOf = (document: QuoteDocument) => QUOTE_TOTAL_ROWS.map((row) => [row.label, formatPounds(document.totals[row.key])] as const);

async function documentOf(quoteId: number): Promise<QuoteDocument> {
  const response = await staff.manager.get(`/admin/api/quotes/${quoteId}`);
  return ((await response.json()) as { document: QuoteDocument }).document;
}

describe("the customer's page, /quote/{token}", () => {
  it("shows the quote from the emailed link: brand, reference, version, dates, customer, note, lines, totals, contract summary, terms; noindex and no-store", async () => {
    const { quote, path } = await sentQuote();
    const document = await documentOf(quote.id);
    const response = await customer.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("x-page-cache")).toBeNull();
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const text of [
      document.brandName,
      `Quote ${document.reference}`,
      "Valid until",
      "Patel Plumbing",
      "Thanks for your time on the phone, Sam.",
      "Mobile",
      CHOSEN.name,
      "Contract summary",
      `Terms (version ${document.terms.version})`,
      `href="${path}.pdf"`,
      "Download PDF",
      "I am authorised to accept this quote on behalf of Patel Plumbing",
      'name="intent" value="accept"',
      'name="intent" value="decline"',
    ]) {
      expect(html, text).toContain(text.replace(/&/g, "&amp;"));
    }
    for (const [label, figure] of totalsOf(document)) expect(html).toMatch(new RegExp(`${label}</dt><dd[^>]*>${figure.replace(/[.]/g, "\\.")}<`));
    // A CSP with a nonce, as every page rendered for one visitor has.
    expect(response.headers.get("content-security-policy")).toMatch(/nonce-/);
  });

  it("counts views (first, last, count); the first moves the quote to viewed, goes on the timeline and emails the lead's owner", async () => {
    const owner = staff.admin;
    const { lead, quote, path } = await sentQuote(server, { owner });
    expect((await customer.get(path)).status).toBe(200);
    const first = await stored(quote.id);
    expect(first).toMatchObject({ status: "viewed", viewCount: 1 });
    expect(first.firstViewedAt).not.toBeNull();
    expect((await customer.get(path)).status).toBe(200);
    // Written as the page was answered: staff see it at once.
    const second = await stored(quote.id);
    expect(second).toMatchObject({ status: "viewed", viewCount: 2, firstViewedAt: first.firstViewedAt });
    expect(second.lastViewedAt! >= first.lastViewedAt!).toBe(true);

    expect((await timeline(lead.id)).filter((entry) => entry.includes("viewed"))).toEqual(["quote: Quote Q1 viewed by the customer (System)"]);
    expect(await auditOf(quote.id)).toContainEqual({ action: "quote.viewed", actorName: "System" });
    const email = await emailTo(owner.user.email, "opened");
    expect(email.subject).toBe(`Quote ${lead.reference}-Q1 opened by Patel Plumbing`);
    expect(email.text).toContain(`${APP_URL}/admin/leads/${lead.id}`);
    // One email for the first view only, and to the owner rather than LEAD_NOTIFY_TO.
    expect(await staffEmails(lead.id)).toHaveLength(1);
    expect(mailbox.to(NOTIFY).filter((sent) => sent.subject.includes(`${lead.reference}-Q1`))).toHaveLength(0);
  });

  it("emails LEAD_NOTIFY_TO on the first view of a lead nobody owns (given back after sending)", async () => {
    const { lead, path } = await sentQuote(server, { unowned: true });
    await customer.get(path);
    const email = await emailTo(NOTIFY, `${lead.reference}-Q1 opened`);
    expect(email.text).toContain("Open the lead in the portal");
  });

  it("emails the sender of a quote to a lead nobody owned: sending made them its owner", async () => {
    const { lead, path } = await sentQuote();
    await customer.get(path);
    await emailTo(staff.manager.user.email, `${lead.reference}-Q1 opened`);
    expect(mailbox.to(NOTIFY).filter((sent) => sent.subject.includes(`${lead.reference}-Q1`))).toHaveLength(0);
  });

  it("is a preview for a signed-in member of staff: a banner, no working answer forms, not a view", async () => {
    const { quote, path } = await sentQuote();
    const response = await staff.manager.get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Staff preview: not counted as a view");
    expect(html).not.toContain('name="intent"');
    expect((await stored(quote.id)).viewCount).toBe(0);
    const refused = await accept(path, {}, staff.manager);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Staff preview");
    expect(await stored(quote.id)).toMatchObject({ status: "sent", acceptedAt: null, viewCount: 0 });
  });

  it("answers the same 404 to a malformed, tampered, guessed or draft token, saying nothing of which", async () => {
    const { token } = await sentQuote();
    const lead = await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email: `draft-${process.pid}@example.co.uk`, tariffSlug: CHOSEN.slug });
    await staff.manager.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined);
    const draft = await server.db.selectFrom("quotes").select("token").where("leadId", "=", lead.id).executeTakeFirstOrThrow();
    const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    const answers = await Promise.all(
      [`not-a-token%00`, tampered, "AAAAAAAAAAAAAAAAAAAAAA", draft.token].map(async (candidate) => {
        const response = await customer.get(`/quote/${candidate}`);
        const headers = Object.fromEntries(
          [...response.headers].filter(([name]) => !["date", "x-request-id", "content-security-policy", "content-length"].includes(name)),
        );
        const body = (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
        return { status: response.status, headers, body };
      }),
    );
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.headers).toMatchObject({ "cache-control": "no-store", "x-robots-tag": "noindex" });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    // And the PDF of each is the same 404 too.
    const pdfs = await Promise.all([tampered, "AAAAAAAAAAAAAAAAAAAAAA", draft.token].map((candidate) => customer.get(`/quote/${candidate}.pdf`)));
    expect(pdfs.map((response) => response.status)).toEqual([404, 404, 404]);
  });
});

describe("the quote's PDF, /quote/{token}.pdf", () => {
  it("downloads the same document as the page, with the page's totals, and is not a view", async () => {
    const { quote, path } = await sentQuote();
    const document = await documentOf(quote.id);
    const response = await customer.get(`${path}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${document.reference}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const text = (await readPdf(new Uint8Array(await response.arrayBuffer()))).flatMap((page) => page.lines).join("\n");
    for (const [label, figure] of totalsOf(document)) expect(text).toContain(`${label} ${figure}`);
    expect(text).toContain(document.reference);
    expect((await stored(quote.id)).viewCount).toBe(0);
  });

  it("is a proposal: the lead's owner as account manager, how to pay, the supplier's VAT number on every page; once accepted, a certificate", async () => {
    const owner = staff.super_admin;
    const { path } = await sentQuote(server, { owner });
    const pdfBytes = async () => new Uint8Array(await (await customer.get(`${path}.pdf`)).arrayBuffer());
    const pdfPages = async () => readPdf(await pdfBytes());
    // The brand's mark from public/ is drawn, as the built server finds it.
    expect(Buffer.from(await pdfBytes()).toString("latin1")).toMatch(/\/Subtype \/Image/);
    const pages = await pdfPages();
    const first = pages[0]!.runs.map((run) => run.text);
    expect(first).toEqual(expect.arrayContaining(["Your account manager", `${owner.user.firstName} ${owner.user.lastName}`, owner.user.email]));
    expect(pages[0]!.lines.join(" ")).toContain(BRAND_PAYMENT_INSTRUCTIONS);
    for (const page of pages) expect(page.lines.join(" ")).toContain(`VAT number ${BRAND_VAT_NUMBER}.`);
    expect(pages.map((page) => page.lines.join(" ")).join(" ")).not.toContain("Certificate of acceptance");
    // The page says how to pay beside what is due.
    expect(await (await customer.get(path)).text()).toContain(BRAND_PAYMENT_INSTRUCTIONS);

    expect((await accept(path)).status).toBe(302);
    const certificate = (await pdfPages()).at(-1)!.lines.join(" ");
    expect(certificate).toContain("Certificate of acceptance");
    expect(certificate).toContain("Accepted by Sam Patel Role Director");
    expect(certificate).toMatch(/IP address \S*127\.0\.0\.1/);
    expect(certificate).toContain(`Browser ${BROWSER}`);
  });

  it("names the brand's team as account manager when the lead has no owner", async () => {
    const { path } = await sentQuote(server, { unowned: true });
    const first = (await readPdf(new Uint8Array(await (await customer.get(`${path}.pdf`)).arrayBuffer())))[0]!.runs.map((run) => run.text);
    expect(first).toEqual(expect.arrayContaining(["Your account manager", "The ClearLine Business team", "hello@clearlinebusiness.co.uk"]));
  });
});

describe("accepting", () => {
  it("keeps the name, role, time, address, browser and the SHA-256 of the quote as shown; the lead becomes Converted; the owner is emailed; the page shows the receipt", async () => {
    const owner = staff.admin;
    const { lead, quote, path } = await sentQuote(server, { owner });
    const before = await storedLead(lead.id);
    expect(before.status).toBe("contacted");
    const document = await documentOf(quote.id);

    const answer = await accept(path);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(path);
    const row = await stored(quote.id);
    expect(row).toMatchObject({ status: "accepted", acceptedName: "Sam Patel", acceptedRole: "Director", acceptedUserAgent: BROWSER });
    expect(row.acceptedIp).toMatch(/127\.0\.0\.1/);
    expect(row.acceptedContentHash).toBe(quoteContentHash(document));
    expect(Date.parse(row.acceptedAt!)).not.toBeNaN();

    const after = await storedLead(lead.id);
    expect(after.status).toBe("converted");
    expect(after.firstContactedAt).toBe(before.firstContactedAt);
    const entries = await timeline(lead.id);
    expect(entries).toContain("status: Status changed from Contacted to Converted (System)");
    expect(entries).toContain("quote: Quote Q1 accepted by Sam Patel (Director) (System)");
    expect(await auditOf(quote.id)).toContainEqual({ action: "quote.accepted", actorName: "System" });
    const email = await emailTo(owner.user.email, "accepted");
    expect(email.text).toContain("Accepted by: Sam Patel, Director");
    expect(email.text).toContain(`${APP_URL}/admin/leads/${lead.id}`);

    const receipt = await (await customer.follow(answer)).text();
    for (const text of [
      "Quote accepted: your receipt",
      "Sam Patel, Director",
      document.reference,
      row.acceptedContentHash!,
      formatPounds(document.totals.monthlyIncVatPence),
    ]) {
      expect(receipt).toContain(text);
    }
    expect(receipt).not.toContain('name="intent"');
  });

  it("twice is harmless: nothing changes and the same receipt shows", async () => {
    const { quote, path } = await sentQuote();
    expect((await accept(path)).status).toBe(302);
    const first = await stored(quote.id);
    const again = await accept(path, { fullName: "Someone Else", role: "Clerk" });
    expect(again.status).toBe(302);
    const unchanged = (row: typeof first) => ({ ...row, viewCount: 0, lastViewedAt: null, firstViewedAt: null });
    expect(unchanged(await stored(quote.id))).toEqual(unchanged(first));
    expect(await (await customer.follow(again)).text()).toContain("Sam Patel, Director");
    // Declining what was accepted is refused.
    const declined = await decline(path, "Changed our mind");
    expect(declined.status).toBe(409);
    expect(unchanged(await stored(quote.id))).toEqual(unchanged(first));
  });

  it("needs a full name, a role and the authorised box, each told by its field; nothing changes", async () => {
    const { quote, path } = await sentQuote();
    const answer = await accept(path, { fullName: " ", role: "", authorised: "" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Please enter your full name");
    expect(html).toContain("Please enter your role in the business");
    expect(html).toContain("Tick to confirm you are authorised to accept on behalf of Patel Plumbing");
    expect(html).toMatch(/id="quote-accept-full-name-error"/);
    const tooLong = await accept(path, { fullName: "x".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(await stored(quote.id)).toMatchObject({ acceptedAt: null, acceptedName: null });
  });

  it("never faults on a malformed post (bad bytes, wrong types, junk fields, oversized), and a refused one answers nothing for the customer", async () => {
    const { quote, path } = await sentQuote();
    const faults: string[] = [];
    for (const probe of bodyProbes("form", ["intent", "fullName", "role", "authorised", "reason", "websiteUrl"])) {
      const headers: Record<string, string> = probe.contentType ? { "Content-Type": probe.contentType } : {};
      const body = typeof probe.body === "string" ? probe.body : new Uint8Array(probe.body);
      const response = await customer.request("POST", path, { body, headers });
      const text = await response.text();
      if (response.status >= 500 || LEAKED_ERROR.test(text)) faults.push(`${probe.name}: ${response.status} ${text.slice(0, 200)}`);
      if (response.status >= 400) {
        const row = await stored(quote.id);
        if (row.acceptedAt || row.declinedAt) faults.push(`${probe.name}: ${response.status} yet the quote was answered`);
      }
    }
    expect(faults.join("\n")).toBe("");
  });

  it("refuses a post from another site's page", async () => {
    const { quote, path } = await sentQuote();
    const answer = await customer.postForm(
      path,
      { intent: "accept", fullName: "Sam Patel", role: "Director", authorised: "on" },
      { Origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect((await stored(quote.id)).status).toBe("sent");
  });
});

describe("accepting exactly what the page showed", () => {
  /** Something staff or the business changed that alters the document the customer is shown: here, the business's name on the lead. */
  async function renameBusiness(leadId: number, companyName: string) {
    await server.db.updateTable("leads").set({ companyName, updatedAt: new Date().toISOString() }).where("id", "=", leadId).execute();
  }

  /** Nothing of an acceptance kept: the quote open, the lead not converted, no timeline entry, no email to staff. */
  async function expectNothingRecorded(quoteId: number, leadId: number) {
    expect(await stored(quoteId)).toMatchObject({ acceptedAt: null, acceptedName: null, acceptedContentHash: null });
    expect((await storedLead(leadId)).status).toBe("contacted");
    expect((await timeline(leadId)).filter((entry) => entry.includes("accepted"))).toEqual([]);
    expect((await auditOf(quoteId)).map((entry) => entry.action)).not.toContain("quote.accepted");
  }

  it("carries the fingerprint of the document shown in the accept form, and keeps it with the acceptance", async () => {
    const { quote, path } = await sentQuote();
    const html = await (await customer.get(path)).text();
    const shown = fingerprintIn(html);
    expect(shown).toBe(quoteContentHash(await documentOf(quote.id)));
    expect((await accept(path)).status).toBe(302);
    expect((await stored(quote.id)).acceptedContentHash).toBe(shown);
  });

  it("without JavaScript: a document changed since the page was opened is refused with 409 and the new page, nothing recorded; accepting the new page works", async () => {
    const { lead, quote, path } = await sentQuote();
    const opened = fingerprintIn(await (await customer.get(path)).text())!;
    await renameBusiness(lead.id, "Patel Plumbing & Heating Ltd");

    const refused = await customer.postForm(path, { intent: "accept", fullName: "Sam Patel", role: "Director", authorised: "on", fingerprint: opened });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const html = await refused.text();
    expect(html).toContain("This quote changed since you opened it");
    expect(html).toContain("Patel Plumbing &amp; Heating Ltd");
    const redrawn = fingerprintIn(html)!;
    expect(redrawn).not.toBe(opened);
    expect(redrawn).toBe(quoteContentHash(await documentOf(quote.id)));
    // What the customer typed is kept for them.
    expect(html).toMatch(/name="fullName"[^>]*value="Sam Patel"/);
    await expectNothingRecorded(quote.id, lead.id);

    const accepted = await customer.postForm(path, { intent: "accept", fullName: "Sam Patel", role: "Director", authorised: "on", fingerprint: redrawn });
    expect(accepted.status).toBe(302);
    expect(await stored(quote.id)).toMatchObject({ status: "accepted", acceptedContentHash: redrawn });
  });

  it("with JavaScript: the page's script is answered 409 with the message, and the page's data read again is the new document", async () => {
    const { lead, quote, path } = await sentQuote();
    const opened = await shownFingerprint(customer, path);
    await renameBusiness(lead.id, "Patel Heating Ltd");
    const refused = await customer.postForm(`${path}?_data=${encodeURIComponent("routes/quote.$token")}`, {
      intent: "accept",
      fullName: "Sam Patel",
      role: "Director",
      authorised: "on",
      fingerprint: opened,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { formError: string }).formError).toMatch(/^This quote changed since you opened it/);
    await expectNothingRecorded(quote.id, lead.id);
    expect(await shownFingerprint(customer, path)).toBe(quoteContentHash(await documentOf(quote.id)));
  });

  it("a version 2 sent, or the quote withdrawn, since it was opened: refused with 409, saying what changed, nothing recorded", async () => {
    const revised = await sentQuote();
    const openedRevised = await shownFingerprint(customer, revised.path);
    const draft = (await (await staff.manager.postJson(`/admin/api/quotes/${revised.quote.id}/revise`, undefined)).json()) as Quote;
    expect((await staff.manager.postJson(`/admin/api/quotes/${draft.id}/send`, undefined)).status).toBe(200);
    const superseded = await customer.postForm(revised.path, {
      intent: "accept",
      fullName: "Sam Patel",
      role: "Director",
      authorised: "on",
      fingerprint: openedRevised,
    });
    expect(superseded.status).toBe(409);
    const supersededPage = await superseded.text();
    expect(supersededPage).toContain("This quote changed since you opened it. This quote has been replaced by a newer version");
    expect(supersededPage).toContain("Open the new version");
    expect((await stored(revised.quote.id)).acceptedAt).toBeNull();

    const withdrawn = await sentQuote();
    const openedWithdrawn = await shownFingerprint(customer, withdrawn.path);
    expect((await staff.manager.postJson(`/admin/api/quotes/${withdrawn.quote.id}/withdraw`, undefined)).status).toBe(200);
    const refused = await customer.postForm(withdrawn.path, {
      intent: "accept",
      fullName: "Sam Patel",
      role: "Director",
      authorised: "on",
      fingerprint: openedWithdrawn,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This quote changed since you opened it. This quote has been withdrawn");
    await expectNothingRecorded(withdrawn.quote.id, withdrawn.lead.id);
  });

  it("a post without the fingerprint, or with another, is refused with 409 and changes nothing", async () => {
    const { lead, quote, path } = await sentQuote();
    for (const fingerprint of [undefined, "0".repeat(64), "not a fingerprint", "f".repeat(5000)]) {
      const fields: Record<string, string> = { intent: "accept", fullName: "Sam Patel", role: "Director", authorised: "on" };
      if (fingerprint !== undefined) fields.fingerprint = fingerprint;
      const refused = await customer.postForm(path, fields);
      expect(refused.status, fingerprint?.slice(0, 20)).toBe(409);
      expect(await refused.text()).toContain("This quote changed since you opened it");
    }
    await expectNothingRecorded(quote.id, lead.id);
  });
});

describe("a lead has one accepted quote", () => {
  /** A seeded lead's quotes (each sent, unless said), with their pages' paths. */
  async function leadWithQuotes(statuses: Array<"sent" | "accepted">) {
    const lead = await seedQuoteLead(server.db, { businessName: "Oak Joinery" });
    const quotes = [];
    for (const status of statuses) {
      const id = await seedQuote(server.db, {
        leadId: lead.id,
        status,
        ...(status === "accepted" ? { acceptedAt: new Date().toISOString(), acceptedName: "Olu Oak", acceptedRole: "Owner" } : {}),
      });
      const { token } = await server.db.selectFrom("quotes").select("token").where("id", "=", id).executeTakeFirstOrThrow();
      quotes.push({ id, path: `/quote/${token}` });
    }
    return { lead, quotes };
  }
  const acceptedOf = async (leadId: number) =>
    (await server.db.selectFrom("quotes").select("id").where("leadId", "=", leadId).where("status", "=", "accepted").execute()).map((row) => row.id);

  it("refuses to accept a quote while another of the lead's is accepted (409), keeping nothing", async () => {
    const { lead, quotes } = await leadWithQuotes(["accepted", "sent"]);
    const refused = await accept(quotes[1]!.path);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Another quote for Oak Joinery has already been accepted, so this one can no longer be accepted");
    expect(await acceptedOf(lead.id)).toEqual([quotes[0]!.id]);
    expect(await stored(quotes[1]!.id)).toMatchObject({ status: "sent", acceptedAt: null });
  });

  it("two of the lead's quotes accepted at the same moment: one is kept, the other refused (409)", async () => {
    const { lead, quotes } = await leadWithQuotes(["sent", "sent"]);
    const fingerprints = await Promise.all(quotes.map((quote) => shownFingerprint(customer, quote.path)));
    const answers = await Promise.all(
      quotes.map((quote, index) =>
        customer.postForm(quote.path, { intent: "accept", fullName: "Olu Oak", role: "Owner", authorised: "on", fingerprint: fingerprints[index]! }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const kept = quotes[answers.findIndex((answer) => answer.status === 302)]!;
    expect(await acceptedOf(lead.id)).toEqual([kept.id]);
    expect((await timeline(lead.id)).filter((entry) => entry.includes("accepted by"))).toHaveLength(1);
  });

  it("staff sending version 2 while the customer accepts version 1: never both", async () => {
    const { lead, quote, path } = await sentQuote();
    const draft = (await (await staff.manager.postJson(`/admin/api/quotes/${quote.id}/revise`, undefined)).json()) as Quote;
    const fingerprint = await shownFingerprint(customer, path);
    const [accepted, sent] = await Promise.all([
      customer.postForm(path, { intent: "accept", fullName: "Sam Patel", role: "Director", authorised: "on", fingerprint }),
      staff.manager.postJson(`/admin/api/quotes/${draft.id}/send`, undefined),
    ]);
    const outcome = { accepted: accepted.status, sent: sent.status, v1: (await stored(quote.id)).status, v2: (await stored(draft.id)).status };
    // Whichever came first wins; the other is refused.
    expect([
      { accepted: 302, sent: 409, v1: "accepted", v2: "draft" },
      { accepted: 409, sent: 200, v1: "superseded", v2: "sent" },
    ]).toContainEqual(outcome);
    expect((await acceptedOf(lead.id)).length).toBeLessThanOrEqual(1);
  });
});

describe("declining", () => {
  it("keeps the reason, emails the owner, thanks the customer; twice is harmless", async () => {
    const owner = staff.admin;
    const { lead, quote, path } = await sentQuote(server, { owner });
    const answer = await decline(path, "We have signed with our current provider");
    expect(answer.status).toBe(302);
    const row = await stored(quote.id);
    expect(row).toMatchObject({ status: "declined", declineReason: "We have signed with our current provider", acceptedAt: null });
    expect((await storedLead(lead.id)).status).toBe("contacted");
    expect(await timeline(lead.id)).toContain("quote: Quote Q1 declined by the customer: We have signed with our current provider (System)");
    const email = await emailTo(owner.user.email, "declined");
    expect(email.text).toContain("Reason: We have signed with our current provider");
    expect(await (await customer.follow(answer)).text()).toContain("Thank you for letting us know");

    expect((await decline(path, "Another reason")).status).toBe(302);
    expect(await stored(quote.id)).toMatchObject({ status: "declined", declinedAt: row.declinedAt, declineReason: row.declineReason });
    // An accepted quote cannot follow a decline.
    expect((await accept(path)).status).toBe(409);
  });

  it("takes no reason, and refuses one over 1,000 characters", async () => {
    const { quote, path } = await sentQuote();
    expect((await decline(path, "x".repeat(1001))).status).toBe(400);
    expect((await stored(quote.id)).declinedAt).toBeNull();
    expect((await decline(path)).status).toBe(302);
    expect(await stored(quote.id)).toMatchObject({ status: "declined", declineReason: null });
  });
});

describe("a quote that can no longer be answered", () => {
  it("past its validity: the page says it expired, with the date and how to ask for a new one; accepting and declining are refused", async () => {
    const { quote, path } = await sentQuote();
    const validUntil = yesterday();
    await server.db.updateTable("quotes").set({ validUntil }).where("id", "=", quote.id).execute();
    const html = await (await customer.get(path)).text();
    expect(html).toContain("This quote has expired");
    expect(html).toContain("Ask us for a new quote");
    expect(html).not.toContain('name="intent"');
    const refused = await accept(path);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This quote expired on");
    expect((await decline(path)).status).toBe(409);
    expect(await stored(quote.id)).toMatchObject({ acceptedAt: null, declinedAt: null });
  });

  it("superseded by a newer version: the page says so and links to the new one; accepting is refused", async () => {
    const { lead, quote, path } = await sentQuote();
    const revised = await staff.manager.postJson(`/admin/api/quotes/${quote.id}/revise`, undefined);
    expect(revised.status, await revised.clone().text()).toBe(201);
    const second = (await revised.json()) as Quote;
    expect(second).toMatchObject({ version: 2, supersedesQuoteId: quote.id });
    expect((await staff.manager.postJson(`/admin/api/quotes/${second.id}/send`, undefined)).status).toBe(200);
    const newPath = linkIn(await emailTo(lead.email, `Your quote ${lead.reference}-Q`, 2)).replace(APP_URL, "");
    expect(newPath).not.toBe(path);
    expect((await stored(quote.id)).status).toBe("superseded");

    const html = await (await customer.get(path)).text();
    expect(html).toContain("This quote has been replaced");
    expect(html).toContain(`href="${newPath}"`);
    expect(html).not.toContain('name="intent"');
    const refused = await accept(path);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("replaced by a newer version");
    expect((await stored(quote.id)).acceptedAt).toBeNull();
    expect((await customer.get(newPath)).status).toBe(200);
  });

  it("withdrawn: the page says so; accepting is refused", async () => {
    const { quote, path } = await sentQuote();
    const withdrawn = await staff.manager.postJson(`/admin/api/quotes/${quote.id}/withdraw`, undefined);
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    const html = await (await customer.get(path)).text();
    expect(html).toContain("This quote has been withdrawn");
    expect(html).not.toContain('name="intent"');
    expect((await accept(path)).status).toBe(409);
    expect((await stored(quote.id)).acceptedAt).toBeNull();
  });
});

describe("rate limits, as the public forms'", () => {
  const limited = testServerForSuite(TEST_OWNER_ENV, { tuning: { rateLimitMax: 2, rateLimitWindowSeconds: 600 } });

  it("refuses a client's third answer in the window with 429 and Retry-After, and changes nothing", async () => {
    // Seeded: signing staff in would spend this server's small allowance.
    const lead = await submitQuoteRequest(limited, { ...SAMPLE_QUOTE, email: `limited-${process.pid}@example.co.uk` });
    const token = "RateLimitedQuoteToken0";
    const today = ukDay(new Date());
    const { id } = await limited.db
      .insertInto("quotes")
      .values({
        leadId: lead.id,
        version: 1,
        supersedesQuoteId: null,
        token,
        status: "sent",
        lines: "[]",
        totals: null,
        start: today,
        customerNote: null,
        internalMemo: null,
        validUntil: "2999-12-31",
        termsVersion: "test",
        termsText: "Test terms",
        createdBy: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        sentAt: new Date().toISOString(),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const path = `/quote/${token}`;
    const visitor = publicClient(limited);
    expect((await accept(path, { fullName: "" }, visitor)).status).toBe(400);
    expect((await accept(path, { role: "" }, visitor)).status).toBe(400);
    const refused = await accept(path, {}, visitor);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await stored(id, limited)).acceptedAt).toBeNull();
  });
});

describe("repeat views of the same quote", () => {
  it("are drawn for each request, with the page's headers and a CSP nonce of their own, and each is counted as it is answered", async () => {
    const { quote, path } = await sentQuote();
    const nonces = [];
    for (let view = 1; view <= 3; view++) {
      const response = await customer.get(path);
      expect(response.status).toBe(200);
      for (const [name, value] of [
        ["cache-control", "no-store"],
        ["x-robots-tag", "noindex"],
        ["content-type", "text/html; charset=utf-8"],
        ["x-content-type-options", "nosniff"],
        ["x-frame-options", "DENY"],
        ["referrer-policy", "strict-origin-when-cross-origin"],
      ]) {
        expect(response.headers.get(name), name).toBe(value);
      }
      expect(response.headers.get("x-page-cache")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeDefined();
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
      expect((await stored(quote.id)).viewCount).toBe(view);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("show every change at once: accepting, declining, withdrawing, a version 2 sent and the validity passing", async () => {
    /** A quote the customer has opened twice, so the change comes between repeat views. */
    async function openedTwice(): Promise<SentQuote> {
      const sent = await sentQuote();
      for (let view = 0; view < 2; view++) expect(await (await customer.get(sent.path)).text()).toContain('name="intent"');
      return sent;
    }
    const accepted = await openedTwice();
    expect((await accept(accepted.path)).status).toBe(302);
    expect(await (await customer.get(accepted.path)).text()).toContain("Quote accepted: your receipt");

    const declined = await openedTwice();
    expect((await decline(declined.path, "Too dear")).status).toBe(302);
    expect(await (await customer.get(declined.path)).text()).toContain("You declined this quote");

    const withdrawn = await openedTwice();
    expect((await staff.manager.postJson(`/admin/api/quotes/${withdrawn.quote.id}/withdraw`, undefined)).status).toBe(200);
    expect(await (await customer.get(withdrawn.path)).text()).toContain("This quote has been withdrawn");

    const revised = await openedTwice();
    const second = (await (await staff.manager.postJson(`/admin/api/quotes/${revised.quote.id}/revise`, undefined)).json()) as Quote;
    expect((await staff.manager.postJson(`/admin/api/quotes/${second.id}/send`, undefined)).status).toBe(200);
    expect(await (await customer.get(revised.path)).text()).toContain("This quote has been replaced");

    const expiring = await openedTwice();
    await server.db.updateTable("quotes").set({ validUntil: yesterday() }).where("id", "=", expiring.quote.id).execute();
    const expired = await (await customer.get(expiring.path)).text();
    expect(expired).toContain("This quote has expired");
    expect(expired).not.toContain('name="intent"');
  });

  it("are not counted for a signed-in staff member's previews between them", async () => {
    const { quote, path } = await sentQuote();
    for (let look = 0; look < 2; look++) expect(await (await staff.manager.get(path)).text()).toContain("Staff preview: not counted as a view");
    // The customer's first view is theirs, not the staff preview's.
    expect((await customer.get(path)).status).toBe(200);
    expect(await stored(quote.id)).toMatchObject({ status: "viewed", viewCount: 1 });
    expect((await customer.get(path)).status).toBe(200);
    expect(await (await staff.manager.get(path)).text()).toContain("Staff preview: not counted as a view");
    expect((await customer.get(path)).status).toBe(200);
    expect((await stored(quote.id)).viewCount).toBe(3);
  });
});

describe("what counts as a view", () => {
  it("only the customer opening the page: not the page shown again after their own answer, with JavaScript or without", async () => {
    const { quote, path } = await sentQuote();
    expect((await customer.get(path)).status).toBe(200);
    expect((await stored(quote.id)).viewCount).toBe(1);
    // Without JavaScript: a refused answer's page, drawn again by the post itself.
    const refused = await accept(path, { fullName: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('name="intent"');
    expect((await stored(quote.id)).viewCount).toBe(1);
    // With JavaScript: the page's data read again after the post.
    const revalidated = await customer.get(`${path}?_data=${encodeURIComponent("routes/quote.$token")}`);
    expect(revalidated.status).toBe(200);
    expect((await stored(quote.id)).viewCount).toBe(1);
    // Without JavaScript: the page the accepted answer leads back to, with its toast.
    const answer = await accept(path);
    expect(answer.status).toBe(302);
    expect(await (await customer.follow(answer)).text()).toContain("Quote accepted: your receipt");
    expect((await stored(quote.id)).viewCount).toBe(1);
    // Opening it again later is a view, the second: none of the pages above was one.
    expect((await customer.get(path)).status).toBe(200);
    expect((await stored(quote.id)).viewCount).toBe(2);
  });
});

describe("views at the same moment", () => {
  /** A sent quote seeded on the test server, never viewed; its page's path. */
  async function seededQuote(): Promise<{ id: number; path: string }> {
    const lead = await seedQuoteLead(server.db, { businessName: "Patel Plumbing" });
    const id = await seedQuote(server.db, { leadId: lead.id, status: "sent" });
    const { token } = await server.db.selectFrom("quotes").select("token").where("id", "=", id).executeTakeFirstOrThrow();
    return { id, path: `/quote/${token}` };
  }

  const views = (path: string, count: number) => Promise.all(Array.from({ length: count }, async () => (await customer.get(path)).status));

  it("20 repeat views at once are each counted as they are answered, leaving the quote's last change as it was", async () => {
    const { id, path } = await seededQuote();
    expect(await views(path, 1)).toEqual([200]);
    const first = await stored(id);
    expect(first).toMatchObject({ status: "viewed", viewCount: 1 });
    const since = new Date().toISOString();
    expect(await views(path, 20)).toEqual(Array(20).fill(200));
    const after = await stored(id);
    expect(after).toMatchObject({ status: "viewed", viewCount: 21, firstViewedAt: first.firstViewedAt, updatedAt: first.updatedAt });
    expect(after.lastViewedAt! >= since).toBe(true);
  });

  it("20 first views at once: 20 views, one of them the first (one timeline entry)", async () => {
    const { id, path } = await seededQuote();
    expect(await views(path, 20)).toEqual(Array(20).fill(200));
    const after = await stored(id);
    expect(after).toMatchObject({ status: "viewed", viewCount: 20 });
    const viewed = await server.db.selectFrom("leadActivity").select("body").where("leadId", "=", after.leadId).where("body", "like", "%viewed%").execute();
    expect(viewed).toHaveLength(1);
  });
});
