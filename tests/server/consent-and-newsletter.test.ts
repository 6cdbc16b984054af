import { describe, expect, it } from "vitest";
import { MARKETING_CONSENT } from "~/lib/consent";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { testServerForSuite, type TestServer } from "../support/server";

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
