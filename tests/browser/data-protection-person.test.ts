import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, openPage, waitForHydration, type JsMode } from "../support/browser";
import { SAMPLE_QUOTE } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { useServerAndBrowser } from "../support/journey";
import { TEST_SUPPRESSION_KEY } from "../support/person";

/**
 * A person's requests as staff answer them in a browser, with JavaScript off
 * and on: find the person by email, download their data (JSON and a readable
 * page), erase them after confirming (their page then says nothing is held,
 * when and by whom, and offers nothing to download, erase or stop), and record
 * an objection that stops contact without erasing.
 */

const journey = useServerAndBrowser({ ...TEST_OWNER_ENV, SUPPRESSION_KEY: TEST_SUPPRESSION_KEY });

async function settled(page: Page, mode: JsMode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

async function signedInPage(mode: JsMode): Promise<Page> {
  const page = await openPage(journey.browser, mode, { acceptDownloads: true });
  await signInBrowser(page.context(), journey.server, TEST_OWNER.email);
  return page;
}

async function find(page: Page, mode: JsMode, email: string) {
  await page.goto(`${journey.server.url}/admin/data-protection/people`);
  await settled(page, mode);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByTestId("person-summary").waitFor();
  await settled(page, mode);
}

async function downloaded(page: Page, link: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  return fs.readFileSync((await download.path())!, "utf8");
}

const suppression = (page: Page) => page.getByTestId("person-suppression").textContent();

/** After an erasure: who erased them and when, what is kept and why, and no Download, Erase or Object. */
async function expectErasedPage(page: Page, email: string) {
  const owner = await journey.server.db
    .selectFrom("adminUsers")
    .select(["firstName", "lastName"])
    .where("email", "=", TEST_OWNER.email)
    .executeTakeFirstOrThrow();
  expect(await page.getByTestId("person-summary").textContent()).toMatch(
    new RegExp(`^Nothing is held about ${email.replace(/[.+]/g, "\\$&")} now: they were erased on .+ by ${owner.firstName} ${owner.lastName}\\.$`),
  );
  expect(await page.getByTestId("person-erased").textContent()).toContain("suppression list, as a keyed hash");
  expect(await suppression(page)).toContain("Email on the suppression listyes");
  for (const name of ["Download (JSON)", "Download (readable page)", "Object / stop contact", "Erase"]) {
    expect(await page.getByRole("link", { name, exact: true }).count(), name).toBe(0);
  }
  expect(await page.getByRole("link", { name: "Record a request" }).count()).toBe(1);
}

describe.each(JS_MODES)("a person's requests $name", (mode) => {
  const tag = mode.javaScriptEnabled ? "js" : "nojs";

  it("finds a person by email, downloads their data, erases them, and then their page says nothing is held and offers no Download, Erase or Object", async () => {
    const email = `heledd.${tag}@example.co.uk`;
    const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, firstName: "Heledd", email });
    const page = await signedInPage(mode);
    await find(page, mode, email);
    await expect.poll(() => page.getByTestId("person-leads").textContent()).toContain(lead.reference);
    expect(await suppression(page)).toContain("Email on the suppression listno");

    const data = JSON.parse(await downloaded(page, "Download (JSON)")) as { sections: Array<{ key: string; records: Array<{ reference?: string }> }> };
    expect(data.sections.find((section) => section.key === "leads")!.records.map((record) => record.reference)).toEqual([lead.reference]);
    const html = await downloaded(page, "Download (readable page)");
    expect(html).toContain("<h2>Quote requests (1)</h2>");
    expect(html).toContain(lead.reference);

    await page.getByRole("link", { name: "Erase" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase this person?" });
    await dialog.waitFor();
    await settled(page, mode);
    await dialog.getByRole("button", { name: "Erase" }).click();
    await expect.poll(() => page.getByTestId("person-summary").textContent()).toContain(`Nothing is held about ${email} now: they were erased on`);
    await expectErasedPage(page, email);

    // Found again later: the same, by whom and what is kept, and nothing to download, erase or stop.
    await find(page, mode, email);
    await expectErasedPage(page, email);
    await page.context().close();
  });

  it("records an objection: on the suppression list, their records kept", async () => {
    const email = `osian.${tag}@example.co.uk`;
    const lead = await submitQuoteRequest(journey.server, { ...SAMPLE_QUOTE, firstName: "Osian", email });
    const page = await signedInPage(mode);
    await find(page, mode, email);
    await page.getByRole("link", { name: "Object / stop contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Stop contacting this person?" });
    await dialog.waitFor();
    await settled(page, mode);
    await dialog.getByRole("button", { name: "Stop contact" }).click();
    await expect.poll(() => suppression(page)).toContain("Email on the suppression listyes");
    expect(await page.getByTestId("person-leads").textContent()).toContain(lead.reference);
    await page.context().close();
  });
});
