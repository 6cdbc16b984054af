import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type Client, type StaffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { TestHook } from "../support/hook";
import { submitQuoteRequest } from "../support/leads";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Where a lead came from (issue 41, app/features/leads/attribution.ts), over HTTP on the built server: what the JSON API and the wizard without JavaScript
 * store, normalised, a bad value dropped and the lead still made; and where staff and their systems see it (JSON, CSV, webhook).
 */

const ATTRIBUTION_CSV_HEADINGS = ["Source", "Medium", "Campaign", "Term", "Content", "Referring Site", "Landing Page", "Form Page"];

let server: TestServer;
let hook: TestHook;
let visitor: Client;
let manager: StaffClient;

beforeAll(async () => {
  hook = await TestHook.start();
  server = await startTestServer({ LEAD_WEBHOOK_URL: hook.url, ...TEST_OWNER_ENV });
  visitor = publicClient(server);
  manager = await staffClient(server, "manager");
});
afterAll(async () => {
  await server?.stop();
  await hook?.stop();
});

const attributionOf = (id: number) =>
  server.db
    .selectFrom("leads")
    .select(["source", "medium", "campaign", "term", "content", "referrerDomain", "landingPath", "formPath"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const NOTHING = { source: null, medium: null, campaign: null, term: null, content: null, referrerDomain: null, landingPath: null, formPath: null };

describe("POST /api/quote-requests", () => {
  it("stores the eight fields normalised", async () => {
    const { id } = await submitQuoteRequest(server, {
      ...SAMPLE_QUOTE,
      email: "normalised@attribution.example",
      source: " Google ",
      medium: "CPC",
      campaign: "Spring  Sale",
      term: "business mobile",
      content: "Ad-2",
      referrerDomain: "https://www.Google.co.uk/search?q=private+words",
      landingPath: "/business-mobile?utm_source=google#deals",
      formPath: "/",
    });
    expect(await attributionOf(id)).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "spring sale",
      term: "business mobile",
      content: "ad-2",
      referrerDomain: "google.co.uk",
      landingPath: "/business-mobile",
      formPath: "/",
    });
  });

  it("drops each bad value and still makes the lead (201)", async () => {
    const { id } = await submitQuoteRequest(server, {
      ...SAMPLE_QUOTE,
      email: "dropped@attribution.example",
      source: '=HYPERLINK("http://evil.example")',
      medium: 42,
      campaign: "x".repeat(101),
      term: ["list"],
      content: { nested: true },
      // Our own site is no referrer.
      referrerDomain: `${server.url}/about`,
      landingPath: "https://evil.example/page",
      formPath: "/quote/0123456789abcdef0123456789abcdef",
    });
    expect(await attributionOf(id)).toEqual({ ...NOTHING, formPath: "/quote/[token]" });
  });

  it("records nothing where nothing was sent", async () => {
    const { id } = await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email: "nothing@attribution.example" });
    expect(await attributionOf(id)).toEqual(NOTHING);
  });
});

describe("where staff and their systems see it", () => {
  const sent = {
    source: "newsletter",
    medium: "email",
    campaign: "november",
    term: null,
    content: null,
    referrerDomain: "mail.example.org",
    landingPath: "/guides/mid-contract-price-rises",
    formPath: "/business-mobile",
  };
  let lead: { id: number; reference: string };
  const email = "seen@attribution.example";
  beforeAll(async () => {
    lead = await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email, ...sent });
  });

  it("the staff JSON carries `attribution`, in the list and the details", async () => {
    const details = await (await manager.get(`/admin/api/quote-requests/${lead.id}`)).json();
    expect(details.lead.attribution).toEqual(sent);
    const [listed] = await (await manager.get(`/admin/api/quote-requests?q=${lead.reference}`)).json();
    expect(listed.attribution).toEqual(sent);
  });

  it("the lead's details page shows where it came from", async () => {
    const html = (await (await manager.get(`/admin/leads/${lead.id}`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Where it came from");
    expect(html).toMatch(/data-testid="lead-attribution-source"[^>]*>newsletter</);
    expect(html).toMatch(/data-testid="lead-attribution-landingPath"[^>]*>\/guides\/mid-contract-price-rises</);
    expect(html).toMatch(/data-testid="lead-attribution-term"[^>]*>Not recorded</);
  });

  it("the CSV export ends with the eight columns", async () => {
    const text = (await (await manager.get(`/admin/leads/export?q=${lead.reference}`)).text()).replace(/^\uFEFF/, "");
    const [header, row, ...more] = text.split("\r\n").filter(Boolean);
    expect(more).toEqual([]);
    const headings = header!.slice(1, -1).split('","');
    const cells = row!.slice(1, -1).split('","');
    expect(headings.slice(-8)).toEqual(ATTRIBUTION_CSV_HEADINGS);
    expect(cells).toHaveLength(headings.length);
    expect(cells.slice(-8)).toEqual(["newsletter", "email", "november", "", "", "mail.example.org", "/guides/mid-contract-price-rises", "/business-mobile"]);
  });

  it("the new-lead webhook carries it", async () => {
    await expect.poll(() => hook.deliveriesOf(email).length).toBe(1);
    expect(hook.deliveriesOf(email)[0]!.body.lead.attribution).toEqual(sent);
  });
});

/** The hidden fields of the wizard's form in a page, as a browser without JavaScript posts them back. */
function hiddenFields(html: string): Record<string, string> {
  const form = html.slice(html.indexOf('aria-label="Quote request"'));
  const fields: Record<string, string> = {};
  for (const match of form.slice(0, form.indexOf("</form>")).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!.replaceAll("&amp;", "&");
  }
  return fields;
}

describe("the quote wizard without JavaScript", () => {
  const contact = { firstName: "Ada", lastName: "Lovelace", phoneNumber: "07700 900321" };

  it("records the form page's UTM from its Referer, carries it through the steps, and the page it was sent from", async () => {
    const email = "no-script@attribution.example";
    // The visitor landed elsewhere, then opened /business-mobile from a campaign link: the post's Referer is the form page with its query.
    const formPage = `${server.url}/business-mobile?lines=3&utm_source=Google&utm_medium=cpc&utm_campaign=Spring`;
    const first = await visitor.postForm("/business-mobile", { teamSize: "3 - 4" }, { Referer: formPage });
    expect(first.status).toBe(200);
    let carried = hiddenFields(await first.text());
    expect(carried).toMatchObject({ source: "google", medium: "cpc", campaign: "spring", formPath: "/business-mobile" });
    expect(carried).not.toHaveProperty("landingPath");

    // Each later step's Referer is the page the last post answered, without the query: the hidden fields carry the UTM on.
    const steps: Record<string, string>[] = [
      { contractExpiry: "Not sure" },
      { businessType: "Sole trader" },
      { businessName: "Referer Bakes", intent: "quote-next" },
    ];
    for (const step of steps) {
      const answer = await visitor.postForm("/business-mobile", { ...carried, ...step }, { Referer: `${server.url}/business-mobile` });
      expect(answer.status).toBe(200);
      carried = hiddenFields(await answer.text());
    }
    expect(carried).toMatchObject({ source: "google", formPath: "/business-mobile", businessName: "Referer Bakes" });
    const last = await visitor.postForm(
      "/business-mobile",
      { ...carried, ...contact, email, intent: "quote-submit" },
      { Referer: `${server.url}/business-mobile` },
    );
    expect(last.status).toBe(200);
    const lead = await server.db.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await attributionOf(lead.id)).toEqual({ ...NOTHING, source: "google", medium: "cpc", campaign: "spring", formPath: "/business-mobile" });
  });

  it("takes what the browser sent of the visit, normalised, but the form page only from where the post went", async () => {
    const email = "sent-by-script@attribution.example";
    const answers = { teamSize: "1 - 2", contractExpiry: "Not sure", businessType: "Sole trader", businessName: "Script Sent Ltd", ...contact, email };
    const response = await visitor.postForm(
      "/?index",
      {
        ...answers,
        source: "Newsletter",
        landingPath: "/guides/x?utm_source=newsletter",
        referrerDomain: "www.example.org",
        formPath: "/elsewhere",
        intent: "quote-submit",
      },
      { Referer: `${server.url}/?utm_source=google` },
    );
    expect(response.status).toBe(200);
    const lead = await server.db.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await attributionOf(lead.id)).toEqual({ ...NOTHING, source: "newsletter", referrerDomain: "example.org", landingPath: "/guides/x", formPath: "/" });
  });
});
