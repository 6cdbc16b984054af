import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETING_CONSENT } from "~/features/leads/consent";
import { NEWSLETTER_UNCONFIRMED_DAYS } from "~/features/inbox";
import { COOKIE_POLICY_VERSION } from "~/platform/site-cookies";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { confirmedSignupRow } from "../support/database";
import { SAMPLE_QUOTE } from "../support/forms";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * Consent and marketing (PECR): the quote wizard's consent box and the
 * consent record it makes, through the real built server and its database.
 */

/** The wizard's final step as the page posts it: a plain form without JavaScript, the fetcher's data request with it. */
function postWizard(server: TestServer, fields: Record<string, string>, withJavaScript: boolean) {
  const path = withJavaScript ? "/?index&_data=routes%2F_site._index" : "/?index";
  return publicClient(server).postForm(path, { intent: "quote-submit", submissionToken: crypto.randomUUID(), ...fields });
}

const { marketingConsent: _none, ...QUOTE } = { ...SAMPLE_QUOTE, marketingConsent: undefined };

describe("the quote wizard's marketing consent box", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);

  async function leadOf(email: string) {
    return server.db.selectFrom("leads").select(["id", "reference"]).where("email", "=", email).executeTakeFirstOrThrow();
  }

  async function leadJson(id: number) {
    const owner = await staffClient(server, "super_admin");
    const response = await owner.get(`/admin/api/quote-requests/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { marketing: { consent: string; subscriberKind: string; record: { wording: string } | null } };
  }

  it.each([
    ["without JavaScript", false],
    ["with JavaScript", true],
  ])("ticked %s, stores a consent record with the lead, the page and the exact wording and version", async (_name, withJavaScript) => {
    const email = `consent-${withJavaScript ? "js" : "plain"}@example.co.uk`;
    const response = await postWizard(server, { ...QUOTE, email, marketingConsent: "yes" }, withJavaScript);
    expect(response.status).toBe(200);
    const lead = await leadOf(email);
    const records = await server.db.selectFrom("consentRecords").selectAll().where("email", "=", email).execute();
    expect(records).toEqual([
      {
        id: expect.any(Number),
        email,
        leadId: lead.id,
        newsletterSignupId: null,
        purpose: "marketing_email",
        page: "/",
        wording: "Email me offers and renewal reminders",
        wordingVersion: MARKETING_CONSENT.version,
        givenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        withdrawnAt: null,
        withdrawnHow: null,
      },
    ]);
    const json = await leadJson(lead.id);
    expect(json.marketing).toMatchObject({ consent: "given", subscriberKind: "Corporate subscriber", record: { wording: MARKETING_CONSENT.wording } });
  });

  it("unticked, stores no consent record, and the lead says consent is not given", async () => {
    const email = "no-consent@example.co.uk";
    const response = await postWizard(server, { ...QUOTE, businessType: "Sole trader", email }, false);
    expect(response.status).toBe(200);
    const lead = await leadOf(email);
    expect(await server.db.selectFrom("consentRecords").selectAll().where("email", "=", email).execute()).toEqual([]);
    const json = await leadJson(lead.id);
    expect(json.marketing).toEqual({
      consent: "not given",
      record: null,
      subscriberKind: "Individual subscriber (PECR: marketing email only with consent)",
    });
  });

  it("shows the consent and the PECR subscriber kind on the lead's details page", async () => {
    const email = "consent-page@example.co.uk";
    await postWizard(server, { ...QUOTE, businessType: "Partnership", email, marketingConsent: "yes" }, false);
    const lead = await leadOf(email);
    const owner = await staffClient(server, "super_admin");
    const page = await (await owner.get(`/admin/leads/${lead.id}`)).text();
    expect(page).toContain("Marketing email consent");
    expect(page).toMatch(/data-testid="lead-marketing-consent">Given</);
    expect(page).toContain("Individual subscriber (PECR: marketing email only with consent)");
  });

  it("shows the consent box unticked on the wizard's last step", async () => {
    const response = await publicClient(server).postForm("/?index", { ...QUOTE, intent: "quote-next" });
    const page = await response.text();
    const box = page.match(/<input[^>]*name="marketingConsent"[^>]*>/)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toContain("checked");
    expect(page).toContain(MARKETING_CONSENT.wording);
  });
});

const APP_URL = "https://clearline.example.co.uk";
const SUPPRESSION_KEY = "a-test-suppression-key-of-at-least-32-characters";
const CONFIRM_LINK = /https:\/\/clearline\.example\.co\.uk(\/newsletter\/confirm\/[\w-]+)/;

describe("newsletter double opt-in over SMTP", () => {
  let mailbox: TestMailbox;
  let server: TestServer;
  beforeAll(async () => {
    mailbox = await TestMailbox.start();
    server = await startTestServer({ SMTP_URL: mailbox.url, APP_URL, SUPPRESSION_KEY });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  const signUp = (email: string) => publicClient(server).postForm("/about", { firstName: "Nia", lastName: "Jones", email });
  const signupOf = (email: string) => server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", email).executeTakeFirst();
  const confirmationsQueued = (email: string) =>
    server.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "newsletter.confirmation-email")
      .execute()
      .then((rows) => rows.filter((row) => (JSON.parse(row.payload) as { to: string[] }).to.includes(email)).length);

  async function confirmationEmail(email: string): Promise<ReceivedEmail> {
    await expect.poll(() => mailbox.to(email).length).toBeGreaterThan(0);
    return mailbox.to(email).at(-1)!;
  }

  it("stores a sign-up as pending and emails a link; opening it confirms nothing, pressing Confirm does and records the consent", async () => {
    const email = "nia@example.co.uk";
    const answer = await signUp(email);
    expect(answer.status).toBe(302);
    expect(await signupOf(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null, sourcePage: "/about" });

    const message = await confirmationEmail(email);
    expect(message.subject).toBe("Confirm your subscription – ClearLine Business");
    const path = message.text.match(CONFIRM_LINK)?.[1];
    expect(path).toBeDefined();
    expect(message.html).toContain(`href="${APP_URL}${path}"`);
    // The token is stored hashed only.
    expect((await signupOf(email))!.confirmationTokenHash).not.toContain(path!.split("/").at(-1));

    const opened = await publicClient(server).get(path!);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain("Confirm your subscription");
    expect(page).toMatch(/<form method="post"/);
    expect((await signupOf(email))!.confirmedAt).toBeNull();

    const confirmed = await publicClient(server).postForm(path!, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You&#x27;re subscribed");
    const signup = (await signupOf(email))!;
    expect(signup.confirmedAt).not.toBeNull();
    expect(signup.confirmationTokenHash).toBeNull();
    expect(
      await server.db
        .selectFrom("consentRecords")
        .select(["email", "newsletterSignupId", "page", "wording", "wordingVersion", "leadId"])
        .where("email", "=", email)
        .execute(),
    ).toEqual([
      { email, newsletterSignupId: signup.id, page: "/about", wording: MARKETING_CONSENT.wording, wordingVersion: MARKETING_CONSENT.version, leadId: null },
    ]);

    // The link works once.
    const again = await publicClient(server).postForm(path!, {});
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has expired");
  });

  it("re-sends the confirmation to a pending address at most three times a day, and never to a subscriber", async () => {
    const email = "pending@example.co.uk";
    for (let time = 0; time < 4; time++) expect((await signUp(email)).status).toBe(302);
    expect(await confirmationsQueued(email)).toBe(3);
    const rows = await server.db.selectFrom("newsletterSignups").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);

    // The confirmed subscriber of the first test signs up again: no email.
    expect((await signUp("nia@example.co.uk")).status).toBe(302);
    expect(await confirmationsQueued("nia@example.co.uk")).toBe(1);
  });

  it("gives a suppressed address the same answer, and stores and sends nothing", async () => {
    const email = "Suppressed@Example.co.uk";
    const hash = crypto.createHmac("sha256", SUPPRESSION_KEY).update(`email:${email.toLowerCase()}`).digest("hex");
    await server.db.insertInto("suppressions").values({ hash, kind: "email", reason: "unsubscribed", createdAt: new Date().toISOString() }).execute();
    const suppressed = await signUp(email);
    const other = await signUp("not-suppressed@example.co.uk");
    expect(suppressed.status).toBe(other.status);
    expect(suppressed.headers.get("location")).toBe(other.headers.get("location"));
    expect(
      await publicClient(server)
        .follow(suppressed)
        .then((response) => response.text()),
    ).toContain("Check your inbox");
    expect(await signupOf(email)).toBeUndefined();
    expect(await confirmationsQueued(email.toLowerCase())).toBe(0);
    expect(await confirmationsQueued(email)).toBe(0);
  });
});

describe("signing up again", () => {
  const DAY_MS = 24 * 60 * 60_000;
  const site = forSuite(
    async () => {
      const mailbox = await TestMailbox.start();
      const server = await startTestServer({ ...TEST_OWNER_ENV, SMTP_URL: mailbox.url, APP_URL });
      return { mailbox, server };
    },
    async ({ mailbox, server }) => {
      await server?.stop();
      await mailbox?.close();
    },
  );

  const signUp = (fields: Record<string, string>) => publicClient(site.server).postForm("/about", fields);
  const signupOf = (email: string) => site.server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  async function emailsTo(email: string, count: number): Promise<ReceivedEmail[]> {
    await expect.poll(() => site.mailbox.to(email).length).toBe(count);
    return site.mailbox.to(email);
  }

  it("with an address already confirmed, changes nothing of its record and answers as any sign-up", async () => {
    const email = "confirmed.reader@example.co.uk";
    expect((await signUp({ firstName: "Nia", lastName: "Jones", email })).status).toBe(302);
    const [confirmation] = await emailsTo(email, 1);
    expect((await publicClient(site.server).postForm(confirmation!.text.match(CONFIRM_LINK)![1]!, {})).status).toBe(200);
    const confirmed = await signupOf(email);
    expect(confirmed).toMatchObject({ firstName: "Nia", lastName: "Jones", confirmedAt: expect.any(String) });

    const anonymous = await signUp({ firstName: "Someone", lastName: "Else", email });
    const newcomer = await signUp({ firstName: "New", lastName: "Reader", email: "new.reader@example.co.uk" });
    expect(anonymous.status).toBe(newcomer.status);
    expect(anonymous.headers.get("location")).toBe(newcomer.headers.get("location"));
    expect(await (await publicClient(site.server).follow(anonymous)).text()).toContain("Check your inbox");
    expect(await signupOf(email)).toEqual(confirmed);
    expect(site.mailbox.to(email)).toHaveLength(1);
  });

  it("while unconfirmed, gives the new link its full NEWSLETTER_UNCONFIRMED_DAYS, and retention counts from the latest sign-up", async () => {
    const email = "late.reader@example.co.uk";
    const forgotten = "forgotten.reader@example.co.uk";
    for (const address of [email, forgotten]) expect((await signUp({ email: address })).status).toBe(302);
    await emailsTo(email, 1);
    // Both signed up a day longer ago than sign-ups are kept; their first links have expired.
    const longAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await site.server.db
      .updateTable("newsletterSignups")
      .set({
        createdAt: longAgo(NEWSLETTER_UNCONFIRMED_DAYS + 1),
        updatedAt: longAgo(NEWSLETTER_UNCONFIRMED_DAYS + 1),
        lastSignedUpAt: longAgo(NEWSLETTER_UNCONFIRMED_DAYS + 1),
        confirmationExpiresAt: longAgo(1),
      })
      .where("email", "in", [email, forgotten])
      .execute();

    const before = Date.now();
    expect((await signUp({ firstName: "Late", email })).status).toBe(302);
    const after = Date.now();
    const expiresAt = Date.parse((await signupOf(email)).confirmationExpiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + NEWSLETTER_UNCONFIRMED_DAYS * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + NEWSLETTER_UNCONFIRMED_DAYS * DAY_MS);
    const latest = (await emailsTo(email, 2))[1]!;
    expect(latest.text).toContain(`The link works for ${NEWSLETTER_UNCONFIRMED_DAYS} days.`);

    // Retention as of now: only the sign-up not made again is due.
    const owner = await staffClient(site.server, "super_admin");
    expect((await owner.postForm("/admin/data-protection/preview", {})).status).toBe(302);
    const run = await site.server.db.selectFrom("retentionRuns").select("counts").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(run.counts!)).toMatchObject({ unconfirmedNewsletterSignups: 1 });

    // The new link works.
    const confirmed = await publicClient(site.server).postForm(latest.text.match(CONFIRM_LINK)![1]!, {});
    expect(confirmed.status).toBe(200);
    expect((await signupOf(email)).confirmedAt).not.toBeNull();
  });
});

describe("the staff Newsletter screen after double opt-in", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);

  it("lists every sign-up with its status, and counts and exports subscribers only", async () => {
    const now = new Date().toISOString();
    await server.db
      .insertInto("newsletterSignups")
      .values([
        { email: "pending@letters.example", firstName: null, lastName: null, sourcePage: "/about", createdAt: now, updatedAt: now },
        { email: "subscribed@letters.example", firstName: null, lastName: null, sourcePage: "/about", createdAt: now, updatedAt: now, confirmedAt: now },
        {
          ...confirmedSignupRow("left@letters.example", now),
          unsubscribedAt: now,
        },
      ])
      .execute();
    const owner = await staffClient(server, "super_admin");
    const list = (await (await owner.get("/admin/api/newsletter-signups?q=letters.example")).json()) as Array<{ email: string; status: string }>;
    expect(Object.fromEntries(list.map((entry) => [entry.email, entry.status]))).toEqual({
      "pending@letters.example": "Pending",
      "subscribed@letters.example": "Subscribed",
      "left@letters.example": "Unsubscribed",
    });
    const screen = await (await owner.get("/admin/newsletter?_data=routes%2Fadmin.newsletter")).json();
    expect(screen.counts).toEqual({ total: 1, thisWeek: 1 });
    const csv = await (await owner.get("/admin/newsletter/export?q=letters.example")).text();
    expect(csv).toContain("subscribed@letters.example");
    expect(csv).not.toContain("pending@letters.example");
    expect(csv).not.toContain("left@letters.example");
  });
});

describe("unsubscribe", () => {
  let mailbox: TestMailbox;
  let server: TestServer;
  beforeAll(async () => {
    mailbox = await TestMailbox.start();
    server = await startTestServer({ SMTP_URL: mailbox.url, APP_URL, SUPPRESSION_KEY });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  const UNSUBSCRIBE_LINK = /https:\/\/clearline\.example\.co\.uk(\/unsubscribe\/[\w.-]+)/;
  const signupOf = (email: string) => server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  /** Signs up and confirms through the emailed link; the confirmation email. */
  async function subscriber(email: string): Promise<ReceivedEmail> {
    expect((await publicClient(server).postForm("/about", { email })).status).toBe(302);
    await expect.poll(() => mailbox.to(email).length).toBe(1);
    const message = mailbox.to(email)[0]!;
    const confirm = message.text.match(CONFIRM_LINK)![1]!;
    expect((await publicClient(server).postForm(confirm, {})).status).toBe(200);
    return message;
  }

  it("carries List-Unsubscribe with one-click in the confirmation email, and a one-click POST unsubscribes, withdraws consent and suppresses", async () => {
    const email = "one.click@example.co.uk";
    const message = await subscriber(email);
    const path = message.text.match(UNSUBSCRIBE_LINK)?.[1];
    expect(path).toBeDefined();
    expect(message.html).toContain(`href="${APP_URL}${path}"`);
    // The headers as they arrived (mailparser's raw lines).
    const header = (name: string) => message.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const raw = header("list-unsubscribe");
    expect(raw).toBe(`List-Unsubscribe: <${APP_URL}${path}>, <mailto:hello@clearlinebusiness.co.uk?subject=unsubscribe>`);
    expect(raw).toContain("hello@clearlinebusiness.co.uk");

    // As a mail program's server sends it: no Origin, no cookies, exactly this body.
    const oneClick = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await signupOf(email)).unsubscribedAt).not.toBeNull();
    expect(await server.db.selectFrom("consentRecords").select(["withdrawnAt", "withdrawnHow"]).where("email", "=", email).execute()).toEqual([
      { withdrawnAt: expect.any(String), withdrawnHow: "one_click" },
    ]);

    // The raw table holds no plain address, nor any part of it.
    const rows = await server.db.selectFrom("suppressions").selectAll().execute();
    expect(rows.map((row) => [row.kind, row.reason])).toContainEqual(["email", "unsubscribed"]);
    const everything = JSON.stringify(rows);
    for (const part of [email, "one.click", "example.co.uk"]) expect(everything).not.toContain(part);

    // Signing up again: the same answer, no email.
    expect((await publicClient(server).postForm("/about", { email })).status).toBe(302);
    expect(mailbox.to(email)).toHaveLength(1);
    expect((await signupOf(email)).unsubscribedAt).not.toBeNull();
  });

  it("shows a button on the link's page and unsubscribes only when it is pressed", async () => {
    const email = "by.page@example.co.uk";
    const path = (await subscriber(email)).text.match(UNSUBSCRIBE_LINK)![1]!;
    const opened = await publicClient(server).get(path);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toMatch(/<form method="post"/);
    expect((await signupOf(email)).unsubscribedAt).toBeNull();

    const pressed = await publicClient(server).postForm(path, { intent: "unsubscribe" });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("You&#x27;re unsubscribed");
    expect((await signupOf(email)).unsubscribedAt).not.toBeNull();
    expect(await server.db.selectFrom("consentRecords").select("withdrawnHow").where("email", "=", email).execute()).toEqual([
      { withdrawnHow: "unsubscribe_link" },
    ]);
  });

  it("refuses a forged link and changes nothing", async () => {
    const email = "forged@example.co.uk";
    await subscriber(email);
    const { id } = await signupOf(email);
    const forged = await publicClient(server).postForm(`/unsubscribe/${id}.${"A".repeat(43)}`, { intent: "unsubscribe" });
    expect(forged.status).toBe(404);
    const junk = await publicClient(server).postForm("/unsubscribe/not-a-token", { intent: "unsubscribe" });
    expect(junk.status).toBe(404);
    expect((await signupOf(email)).unsubscribedAt).toBeNull();
  });
});

describe("cookie settings", () => {
  const server = testServerForSuite();

  it("links to the settings from every page's footer, where the current choice is shown and can be changed", async () => {
    const home = await (await publicClient(server).get("/")).text();
    expect(home).toMatch(/<a[^>]*href="\/cookies#settings"[^>]*>Cookie settings<\/a>/);

    const unanswered = await (await publicClient(server).get("/cookies")).text();
    expect(unanswered).toContain('id="settings"');
    expect(unanswered).toContain("You have not chosen yet.");

    const declined = await fetch(`${server.url}/cookie-consent`, {
      method: "POST",
      body: new URLSearchParams({ consent: "declined", redirectTo: "/cookies#settings" }),
      redirect: "manual",
    });
    expect(declined.status).toBe(302);
    expect(declined.headers.get("location")).toBe("/cookies#settings");
    // The cookie records the choice, the cookies policy's version and when.
    const cookie = declined.headers.get("set-cookie")!.split(";")[0]!;
    expect(cookie).toMatch(new RegExp(`^cookie-consent=declined\\.${COOKIE_POLICY_VERSION}\\.\\d{8}T\\d{6}Z$`));
    const page = await (await fetch(`${server.url}/cookies`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("You declined analytics cookies.");
    // The page cache keeps each choice's copy apart.
    const accepted = await (await fetch(`${server.url}/cookies`, { headers: { Cookie: "cookie-consent=accepted" } })).text();
    expect(accepted).toContain("You accepted analytics cookies.");
  });
});
