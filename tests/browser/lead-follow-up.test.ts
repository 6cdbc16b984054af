import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";

// Lead follow-up: who owns a lead, "Assigned to me", and leads waiting too long.
const journey = useServerAndBrowser(TEST_OWNER_ENV);
const MANAGER = { email: "max@clearlinebusiness.co.uk", password: "manager-password-1" };

beforeAll(async () => {
  await journey.server.db.updateTable("adminUsers").set({ firstName: "Olivia", lastName: "Owner" }).where("email", "=", TEST_OWNER.email).execute();
  await createAdminUserRow(journey.server.db, { ...MANAGER, role: "manager", firstName: "Max", lastName: "Manager" });
});

let sequence = 0;

/** A new lead from the wizard, `ageHours` old; its reference. */
async function addLead(ageHours = 1): Promise<{ id: number; reference: string; company: string }> {
  sequence++;
  const at = new Date(Date.now() - ageHours * 3_600_000).toISOString();
  const reference = `CLB-2026-${String(700_000 + sequence).padStart(6, "0")}`;
  const company = `Owner Test Shop ${sequence}`;
  const { id } = await journey.server.db
    .insertInto("leads")
    .values({
      reference,
      teamSize: "3 - 4",
      contractExpiry: "Not sure",
      businessType: "Other",
      businessName: company,
      firstName: "Oona",
      lastName: `Owned${sequence}`,
      email: `oona.${sequence}@example.co.uk`,
      phoneNumber: `07700 8${String(sequence).padStart(5, "0")}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, reference, company };
}

async function openAs(mode: JsMode, who: { email: string; password: string }, path: string): Promise<Page> {
  const page = await openPage(journey.browser, mode);
  await signInBrowser(page.context(), journey.server, who.email);
  await page.goto(`${journey.server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return page;
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();
const row = (page: Page, id: number) => page.locator(`[data-testid=lead-row][data-lead-id="${id}"]`);

describe.each(JS_MODES)("lead follow-up $name", (mode) => {
  it("an admin assigns a lead to a colleague and back, and the timeline says who did what", async () => {
    const lead = await addLead();
    const page = await openAs(mode, TEST_OWNER, `/admin/leads/${lead.id}`);
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    expect(await dialog.getByTestId("lead-owner-detail").textContent()).toBe("Unassigned");

    await dialog.getByLabel("Assign to").selectOption({ label: "Max Manager" });
    await dialog.getByRole("button", { name: "Save owner" }).click();
    await toast(page, "Lead assigned to Max Manager");
    await expect.poll(() => dialog.getByTestId("lead-owner-detail").textContent()).toBe("Assigned to Max Manager");
    expect(await dialog.getByTestId("lead-timeline").textContent()).toContain("Assigned to Max Manager by Olivia Owner");
    // The list behind the dialog shows the owner too.
    expect(await row(page, lead.id).getByTestId("lead-owner").textContent()).toBe("Max Manager");

    await dialog.getByLabel("Assign to").selectOption({ label: "Unassigned" });
    await dialog.getByRole("button", { name: "Save owner" }).click();
    await toast(page, "Lead unassigned");
    await expect.poll(() => dialog.getByTestId("lead-owner-detail").textContent()).toBe("Unassigned");
    expect(await dialog.getByTestId("lead-timeline").textContent()).toContain("Unassigned (was Max Manager) by Olivia Owner");
    const stored = await journey.server.db.selectFrom("leads").select("assignedTo").where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(stored.assignedTo).toBeNull();
    await page.context().close();
  });

  it("a manager takes a lead and finds it under Assigned to me, not under Unassigned", async () => {
    const lead = await addLead();
    const other = await addLead();
    const page = await openAs(mode, MANAGER, `/admin/leads/${lead.id}`);
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    // A manager cannot pick a colleague: only take the lead.
    expect(await dialog.getByLabel("Assign to").count()).toBe(0);
    await dialog.getByRole("button", { name: "Assign to me" }).click();
    await toast(page, "Lead assigned to Max Manager");
    await expect.poll(() => dialog.getByTestId("lead-owner-detail").textContent()).toBe("Assigned to Max Manager");
    expect(await dialog.getByRole("button", { name: "Unassign me" }).isVisible()).toBe(true);

    await page.goto(`${journey.server.url}/admin/leads`);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Filter by owner").selectOption({ label: "Assigned to me" });
    if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("assigned") === "mine");
    const mine = await journey.server.db
      .selectFrom("leads")
      .select("id")
      .where("assignedTo", "is not", null)
      .where("assignedTo", "in", journey.server.db.selectFrom("adminUsers").select("id").where("email", "=", MANAGER.email))
      .execute();
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(mine.length);
    expect(await row(page, lead.id).getByTestId("lead-owner").textContent()).toBe("Max Manager");
    expect(await row(page, other.id).count()).toBe(0);

    await page.getByLabel("Filter by owner").selectOption({ label: "Unassigned" });
    if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("assigned") === "unassigned");
    await row(page, other.id).waitFor();
    expect(await row(page, lead.id).count()).toBe(0);
    await page.context().close();
  });

  it("marks a new lead left past the response target as Overdue, in the list and on the lead, until someone contacts it", async () => {
    const late = await addLead(30);
    const fresh = await addLead(2);
    const page = await openAs(mode, TEST_OWNER, `/admin/leads?q=${encodeURIComponent("Owner Test Shop")}`);
    await expect.poll(() => row(page, late.id).getByTestId("lead-overdue").textContent()).toBe("Overdue");
    expect(await row(page, fresh.id).getByTestId("lead-overdue").count()).toBe(0);

    await row(page, late.id)
      .getByRole("link", { name: `View details of lead ${late.reference}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    expect(await dialog.getByTestId("lead-overdue").textContent()).toBe("Overdue");
    await page.goto(`${journey.server.url}/admin/leads?q=${encodeURIComponent("Owner Test Shop")}`);
    if (mode.javaScriptEnabled) await waitForHydration(page);

    await row(page, late.id).locator("select[name=status]").selectOption("contacted");
    if (!mode.javaScriptEnabled) await row(page, late.id).getByRole("button", { name: "Update" }).click();
    await toast(page, "Lead status updated successfully");
    await expect.poll(() => row(page, late.id).getByTestId("lead-overdue").count()).toBe(0);
    await page.context().close();
  });
});
