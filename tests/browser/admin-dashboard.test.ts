import { describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, seriousAccessibilityViolations, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

/** Staff read the dashboard's lead charts, with JavaScript off and on. */

const journey = useServerAndBrowser(TEST_OWNER_ENV);

describe.each(JS_MODES)("$name", (mode) => {
  it("shows each chart as a picture with a name, and its figures as a table on request", async () => {
    const submitted = await fetch(`${journey.server.url}/api/quote-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        teamSize: "10+",
        contractExpiry: "Not sure",
        businessType: "LTD company",
        businessName: `Chart Test ${mode.name}`,
        firstName: "Cai",
        lastName: "Chart",
        email: "cai@charttest.co.uk",
        phoneNumber: "07700 900777",
      }),
    });
    expect(submitted.status).toBe(201);
    const page = await openPage(journey.browser, mode);
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/dashboard`);
    if (mode.javaScriptEnabled) await waitForHydration(page);

    const charts = page.getByTestId("lead-charts");
    for (const title of ["New leads per day", "Leads by status", "Leads by team size", "Leads by source page", "Quote wizard funnel"]) {
      const figure = charts.getByRole("figure", { name: title });
      expect(await figure.getByRole("img", { name: new RegExp(title) }).isVisible(), title).toBe(true);
      expect(await figure.getByRole("table").isVisible(), title).toBe(false);
    }
    const byTeamSize = charts.getByRole("figure", { name: "Leads by team size" });
    await byTeamSize.getByText("Show the figures as a table").click();
    const table = byTeamSize.getByRole("table", { name: "Leads by team size" });
    expect(await table.isVisible()).toBe(true);
    const tenPlus = (await journey.server.db.selectFrom("leads").select("id").where("teamSize", "=", "10+").execute()).length;
    expect(await table.getByRole("row", { name: "10+" }).getByRole("cell").textContent()).toBe(String(tenPlus));

    // What arrived is in Recent Activity, linking to the lead.
    await page.getByRole("link", { name: new RegExp(`Chart Test ${mode.name}`) }).click();
    await page.waitForURL(/\/admin\/leads\/\d+$/);
    await page.context().close();
  });
});

describe.each(JS_MODES)("the greeting $name", (mode) => {
  const greeting = async (email: string) => {
    const page = await openPage(journey.browser, mode);
    await signInBrowser(page.context(), journey.server, email);
    await page.goto(`${journey.server.url}/admin/dashboard`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await page.context().close();
    return heading;
  };

  it("greets staff by the first name they were given, kept whole", async () => {
    const email = `mary.jane.${mode.name.replace(/\W+/g, "-").toLowerCase()}@clearlinebusiness.co.uk`;
    await createAdminUserRow(journey.server.db, { email, password: "mary-jane-password-1", firstName: "Mary Jane", lastName: "Watson", role: "manager" });
    expect(await greeting(email)).toBe("Welcome back, Mary Jane");
  });

  it('greets the first super admin, who has no person\'s name, by their address rather than "Site"', async () => {
    // The account ADMIN_EMAIL made: "Site Administrator", owner@....
    expect(await greeting(TEST_OWNER.email)).toBe("Welcome back, Owner");
  });
});

describe("dashboard accessibility", () => {
  it("has no serious or critical problems with the charts shown and their tables open", async () => {
    const page = await openPage(journey.browser, JS_MODES[1]);
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/dashboard`);
    await waitForHydration(page);
    for (const summary of await page.getByText("Show the figures as a table").all()) await summary.click();
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.context().close();
  });
});
