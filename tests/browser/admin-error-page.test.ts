import { beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration } from "../support/browser";
import { useServerAndBrowser } from "../support/journey";
import { seedTestLeads } from "../support/database";

const journey = useServerAndBrowser(TEST_OWNER_ENV);

let reference: string;

// A real fault in one screen: the table behind a lead's timeline is gone.
beforeAll(async () => {
  await seedTestLeads(journey.server.db, 3);
  await journey.server.db.schema.dropTable("leadActivity").execute();
  ({ reference } = await journey.server.db.selectFrom("leads").select("reference").orderBy("id").executeTakeFirstOrThrow());
});

describe.each(JS_MODES)("a screen that fails, $name", (mode) => {
  it("shows what went wrong inside the portal, with the sidebar and a way back, and no fault details", async () => {
    const page = await openPage(journey.browser, mode);
    await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
    await page.goto(`${journey.server.url}/admin/leads`);
    if (mode.javaScriptEnabled) await waitForHydration(page);

    await page.getByRole("link", { name: `View details of lead ${reference}` }).click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(() => heading.textContent()).toBe("This screen couldn't load");
    expect(await page.getByRole("alert").filter({ hasText: "Nothing you entered has been lost" }).isVisible()).toBe(true);
    // Still the portal: the sidebar, signed in.
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    expect(await nav.getByRole("link", { name: "Leads" }).isVisible()).toBe(true);
    expect(await nav.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    expect(await page.content()).not.toMatch(/no such table|SqliteError|\.js:\d+/);

    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.waitForURL(`${journey.server.url}/admin/dashboard`);
    await expect.poll(() => heading.textContent()).toMatch(/^Welcome back/);
  });
});
