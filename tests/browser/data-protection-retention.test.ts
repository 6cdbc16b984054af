import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { monthsBefore } from "../support/retention";
import { seedQuoteLead } from "../support/seeded-quotes";

/**
 * The Data protection screen's Retention tab, JavaScript off and on: an admin
 * sees what the next run will do, runs it (asked first), sees the run listed
 * and the lead anonymised; a manager is offered nothing and refused the screen and the run.
 */

const journey = useServerAndBrowser();
const ADMIN = { email: "ada.admin@example.co.uk", password: "a-long-admin-password" };
const MANAGER = { email: "max.manager@example.co.uk", password: "a-long-manager-password" };

beforeAll(async () => {
  await createAdminUserRow(journey.server.db, { ...ADMIN, role: "admin", firstName: "Ada", lastName: "Admin" });
  await createAdminUserRow(journey.server.db, { ...MANAGER, role: "manager", firstName: "Max", lastName: "Manager" });
});

async function open(mode: JsMode, account: { email: string; password: string }, path: string): Promise<Page> {
  const page = await openPage(journey.browser, mode, { viewport: { width: 1400, height: 1000 } });
  await signInBrowser(page.context(), journey.server, account.email);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const dueCount = (page: Page, label: string) => page.getByTestId("retention-due").locator("div", { hasText: label }).locator("dd").textContent();

describe.each(JS_MODES)("the Retention tab $name", (mode) => {
  it("shows an admin the leads due, runs retention after asking, lists the run and anonymises the lead", async () => {
    const business = `Forgotten Florist ${mode.name}`;
    const lead = await seedQuoteLead(journey.server.db, { businessName: business, email: `forgotten.${mode.javaScriptEnabled ? "on" : "off"}@example.co.uk` });
    await journey.server.db
      .updateTable("leads")
      .set({ updatedAt: monthsBefore(new Date(), 25) })
      .where("id", "=", lead.id)
      .execute();

    const page = await open(mode, ADMIN, "/admin/data-protection");
    expect(await dueCount(page, "Leads anonymised (no activity, not customers)")).toBe("1");
    expect(await page.getByTestId("retention-settings").textContent()).toContain("2 years after their last activity, unless they became customers");

    await page.getByRole("button", { name: "Preview a run" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Dry run recorded");
    expect(await page.getByTestId("retention-runs").locator("tbody tr").first().textContent()).toContain("Dry run");
    expect(await journey.server.db.selectFrom("leads").select("anonymisedAt").where("id", "=", lead.id).executeTakeFirst()).toEqual({ anonymisedAt: null });

    await page.getByRole("link", { name: "Run now" }).click();
    const dialog = page.getByRole("dialog", { name: "Run retention now?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Run retention" }).click();
    await page.waitForURL(`${journey.server.url}/admin/data-protection`);
    // A run that outlasts the screen's wait goes on in the background and says so; either way the
    // run is listed once it ends, so the test waits for that rather than for a time.
    await expect.poll(() => page.getByTestId("toast").textContent()).toMatch(/Retention run finished|Retention is running/);
    const latest = page.getByTestId("retention-runs").locator("tbody tr").first();
    await expect
      .poll(async () => {
        const text = (await latest.textContent()) ?? "";
        if (text.includes("Running...")) await page.reload();
        return text;
      })
      .not.toContain("Running...");
    expect(await latest.textContent()).toContain("Ada Admin (Run now)");
    expect(await latest.textContent()).toContain("Applied");
    expect(await latest.textContent()).toContain("Leads anonymised (no activity, not customers): 1");
    expect(await dueCount(page, "Leads anonymised (no activity, not customers)")).toBe("0");

    await page.goto(`${journey.server.url}/admin/leads/${lead.id}`);
    await page.getByText(lead.reference).first().waitFor();
    expect(await page.content()).not.toContain(business);
    await page.context().close();
  });

  it("offers a manager no link and refuses them the screen", async () => {
    const page = await open(mode, MANAGER, "/admin/dashboard");
    expect(await page.getByRole("link", { name: "Data protection" }).count()).toBe(0);
    // Refused as every staff page refuses a role: back to the dashboard with "Access Denied".
    await page.goto(`${journey.server.url}/admin/data-protection`);
    await page.waitForURL(`${journey.server.url}/admin/dashboard`);
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Access Denied");
    const run = await page.request.post(`${journey.server.url}/admin/data-protection/run`, { headers: { Origin: journey.server.url }, maxRedirects: 0 });
    expect([run.status(), run.headers()["location"]]).toEqual([302, "/admin/dashboard"]);
    expect(await journey.server.db.selectFrom("retentionRuns").select("trigger").where("actorName", "=", "Max Manager").execute()).toEqual([]);
    await page.context().close();
  });
});
