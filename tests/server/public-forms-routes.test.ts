import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicClient } from "../support/client";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { postFormFrom } from "../support/from-address";
import { testServerForSuite } from "../support/server";

const enquiry = SAMPLE_ENQUIRY;

describe("contact enquiry form", () => {
  const server = testServerForSuite();

  it("stores a complete enquiry and redirects back with a thank-you toast", async () => {
    const response = await publicClient(server).postForm("/contact", enquiry);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact#enquiry-form");
    const cookie = response.headers.get("set-cookie")!.split(";")[0];
    expect(cookie).toMatch(/^toast=/);

    const rows = await server.db.selectFrom("contactEnquiries").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(enquiry);

    const page = await (await publicClient(server).follow(response)).text();
    expect(page).toContain("Message sent");
  });

  it("answers missing fields with the error summary, the field errors and the values typed, no toast, storing nothing", async () => {
    const before = await server.db
      .selectFrom("contactEnquiries")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    const response = await publicClient(server).postForm("/contact", { ...enquiry, firstName: "", message: "   " });
    expect(response.status).toBe(400);
    const html = await response.text();
    // Empty required answers: the summary is headed by the site's words for them ("Missing Information").
    expect(html).toContain("Missing Information");
    expect(html).toContain("Please fill in all required fields.");
    expect(html).toContain('<a href="#contact-first-name"');
    expect(html).not.toContain('data-testid="toast"');
    expect(html).toContain("Please enter your first name");
    expect(html).toContain("Please enter your message");
    expect(html).toContain('value="sam@patelplumbing.co.uk"');
    const after = await server.db
      .selectFrom("contactEnquiries")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("answers a malformed email or phone with a message next to the field", async () => {
    const response = await publicClient(server).postForm("/contact", { ...enquiry, email: "sam-at-example", contactNumber: "ring me" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Please enter a valid phone number");
    expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-email"/);
  });

  it("answers an unknown subject without storing it", async () => {
    const response = await publicClient(server).postForm("/contact", { ...enquiry, subject: "free-phones" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose a subject from the list");
  });

  it("quietly drops a submission that filled the honeypot", async () => {
    const before = (await server.db.selectFrom("contactEnquiries").selectAll().execute()).length;
    const response = await publicClient(server).postForm("/contact", { ...enquiry, websiteUrl: "http://spam.example" });
    expect(response.status).toBe(302);
    expect((await server.db.selectFrom("contactEnquiries").selectAll().execute()).length).toBe(before);
  });

  it("refuses a post from another site's page with 403, storing nothing", async () => {
    const before = (await server.db.selectFrom("contactEnquiries").selectAll().execute()).length;
    const response = await publicClient(server).postForm("/contact", enquiry, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toMatch(/at .+\.js:\d+/);
    expect((await server.db.selectFrom("contactEnquiries").selectAll().execute()).length).toBe(before);
    // The site's own origin is fine.
    expect((await publicClient(server).postForm("/contact", enquiry, { Origin: server.url })).status).toBe(302);
  });

  it("refuses a name or message holding control or text-direction characters with the field's message, storing nothing; the message keeps its line breaks", async () => {
    const before = (await server.db.selectFrom("contactEnquiries").selectAll().execute()).length;
    const response = await publicClient(server).postForm("/contact", { ...enquiry, firstName: "Sam\u202e", message: "Call me\u0000 today" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="contact-first-name-error"[^>]*>Please type your first name again: it holds hidden control or text-direction characters</);
    expect(html).toMatch(/id="contact-message-error"[^>]*>Please type your message again: it holds hidden control or text-direction characters</);
    expect((await server.db.selectFrom("contactEnquiries").selectAll().execute()).length).toBe(before);

    const lines = await publicClient(server).postForm("/contact", {
      ...enquiry,
      email: "lines@patelplumbing.co.uk",
      message: "Ten lines.\r\n\tMostly field staff.",
    });
    expect(lines.status).toBe(302);
    const stored = await server.db.selectFrom("contactEnquiries").select("message").where("email", "=", "lines@patelplumbing.co.uk").executeTakeFirstOrThrow();
    expect(stored.message).toBe("Ten lines.\r\n\tMostly field staff.");
  });

  it("refuses an oversized body with 413", async () => {
    const response = await publicClient(server).postForm("/contact", { ...enquiry, message: "x".repeat(70_000) });
    expect(response.status).toBe(413);
  });
});

describe("the quote wizard's last step", () => {
  const server = testServerForSuite();

  it("refuses a name holding a text-direction override with the field's message, on the page and as JSON, storing no lead", async () => {
    const answers = { ...SAMPLE_QUOTE, firstName: "Sam", lastName: "\u202eletaP" };
    const page = await publicClient(server).postForm("/?index", { intent: "quote-submit", submissionToken: crypto.randomUUID(), ...answers });
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/id="[^"]*last-name-error"[^>]*>Please type your last name again: it holds hidden control or text-direction characters</);
    const api = await publicClient(server).postJson("/api/quote-requests", { ...answers, businessName: "Patel\u2066 Plumbing" });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({
      error: "Invalid quote request",
      fieldErrors: {
        lastName: "Please type your last name again: it holds hidden control or text-direction characters",
        businessName: "Please type your business name again: it holds hidden control or text-direction characters",
      },
    });
    expect(await server.db.selectFrom("leads").select("id").execute()).toEqual([]);
  });
});

describe("newsletter sign-up", () => {
  const server = testServerForSuite();

  it.each(["/about", "/testimonials"])("stores a sign-up from %s and comes back to the form", async (page) => {
    const email = `jo${page.replace("/", "-")}@example.co.uk`;
    const response = await publicClient(server).postForm(page, { firstName: "Jo", lastName: "Bloggs", email });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${page}#newsletter`);
    const row = await server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: "Jo", lastName: "Bloggs", sourcePage: page });
  });

  it("keeps one row per email, whatever its case", async () => {
    await publicClient(server).postForm("/about", { email: "Repeat@Example.co.uk" });
    await publicClient(server).postForm("/about", { email: "repeat@example.co.uk", firstName: "Rita" });
    const rows = await server.db.selectFrom("newsletterSignups").selectAll().where("email", "=", "repeat@example.co.uk").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe("Rita");
  });

  it("answers a missing or malformed email with 400 and stores nothing", async () => {
    const before = (await server.db.selectFrom("newsletterSignups").selectAll().execute()).length;
    const missing = await publicClient(server).postForm("/about", { firstName: "Jo" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please enter your email address");
    const malformed = await publicClient(server).postForm("/testimonials", { email: "jo@" });
    expect(malformed.status).toBe(400);
    expect((await server.db.selectFrom("newsletterSignups").selectAll().execute()).length).toBe(before);
  });
});

describe("rate limit on public forms", () => {
  const server = testServerForSuite({}, { tuning: { rateLimitMax: 2, rateLimitWindowSeconds: 60 } });

  it("answers 429 past the limit for one client, without storing, while another client still gets through", async () => {
    expect((await publicClient(server).postForm("/contact", enquiry)).status).toBe(302);
    expect((await publicClient(server).postForm("/contact", enquiry)).status).toBe(302);
    const limited = await publicClient(server).postForm("/contact", enquiry);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many attempts");
    expect(await server.db.selectFrom("contactEnquiries").selectAll().execute()).toHaveLength(2);

    // A different client address has its own allowance.
    expect((await postFormFrom(server, "127.0.0.2", "/contact", enquiry)).status).toBe(302);
    expect(await server.db.selectFrom("contactEnquiries").selectAll().execute()).toHaveLength(3);
  });

  it("counts each form separately", async () => {
    const response = await publicClient(server).postForm("/about", { email: "limit@example.co.uk" });
    expect(response.status).toBe(302);
  });

  it("answers the wizard's last step past the limit with 429, Retry-After and the failure toast, on every page that hosts it", async () => {
    const finalStep = {
      teamSize: "3 - 4",
      contractExpiry: "Not sure",
      businessType: "Partnership",
      businessName: "Limit Test Bakery",
      firstName: "Ola",
      lastName: "Nowak",
      email: "ola@limittestbakery.co.uk",
      phoneNumber: "07700 900456",
      intent: "quote-submit",
    };
    // A plain form post, as a browser without JavaScript sends it.
    for (let index = 0; index < 2; index++) expect((await publicClient(server).postForm("/?index", finalStep)).status).toBe(200);
    for (const page of ["/?index", "/business-mobile"]) {
      const limited = await publicClient(server).postForm(page, finalStep);
      expect(limited.status, page).toBe(429);
      expect(Number(limited.headers.get("retry-after")), page).toBeGreaterThan(0);
      const html = await limited.text();
      expect(html).toContain("Submission Failed");
      expect(html).toContain('value="Limit Test Bakery"');
    }
    expect(await server.db.selectFrom("leads").select("id").execute()).toHaveLength(2);
  });
});
