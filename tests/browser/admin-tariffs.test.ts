import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdminUserRow, signInBrowser, TEST_OWNER_ENV, TEST_OWNER, waitForAdminUser } from "../support/admin";
import { JS_MODES, launchBrowser, openPage, seriousAccessibilityViolations, waitForHydration, type JsMode } from "../support/browser";
import { publicClient, staffClient, type Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

const ADMIN = { email: "tariff.admin@clearlinebusiness.co.uk", password: "a-long-test-password" };
const MANAGER = { email: "tariff.manager@clearlinebusiness.co.uk", password: "a-long-test-password" };

let server: TestServer;
let browser: Browser;
let api: Client;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await waitForAdminUser(server.db, TEST_OWNER.email);
  await createAdminUserRow(server.db, { ...ADMIN, role: "admin" });
  await createAdminUserRow(server.db, { ...MANAGER, role: "manager" });
  api = await staffClient(server, "admin", { email: "tariff.api@clearlinebusiness.co.uk" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
});

async function go(page: Page, mode: JsMode, path: string) {
  await page.goto(`${server.url}${path}`);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

async function openTariffs(mode: JsMode, account = ADMIN): Promise<Page> {
  const page = await openPage(browser, mode, { viewport: { width: 1400, height: 1000 } });
  await signInBrowser(page.context(), server, account.email);
  await go(page, mode, "/admin/tariffs");
  return page;
}

async function expectToast(page: Page, title: string) {
  await expect.poll(() => page.getByTestId("toast").textContent()).toContain(title);
}

async function backOnList(page: Page, search = "") {
  await page.waitForURL(`${server.url}/admin/tariffs${search}`);
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

function row(page: Page, slug: string): Locator {
  return page.locator(`[data-testid="tariff-row"][data-tariff-slug="${slug}"]`);
}

async function stored(slug: string) {
  return server.db.selectFrom("tariffs").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/** The deals visitors can compare, asked of the public JSON as a caller would. */
async function liveSlugs(): Promise<string[]> {
  const response = await publicClient(server).get("/api/tariffs?limit=100");
  expect(response.status).toBe(200);
  return ((await response.json()) as { tariffs: { slug: string }[] }).tariffs.map((tariff) => tariff.slug);
}

/** The CSV Export CSV gives for these tariffs (added, exported, then taken out of the catalogue again). */
async function exportedCsv(tariffs: ReturnType<typeof tariffInput>[]): Promise<string> {
  await addTariffs(api, tariffs);
  const response = await api.get("/admin/tariffs/export");
  expect(response.status).toBe(200);
  const csv = await response.text();
  await server.db.deleteFrom("tariffs").execute();
  return csv;
}

/** Sends a file from the Import CSV dialog (opened from the list unless it is open already). */
async function uploadCsv(page: Page, csv: string) {
  const dialog = page.getByRole("dialog", { name: "Import tariffs" });
  if (!(await dialog.isVisible())) await page.getByRole("link", { name: "Import CSV" }).click();
  await dialog.waitFor();
  await dialog.getByLabel("CSV file").setInputFiles({ name: "tariffs.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Import" }).click();
}

const textbox = (dialog: Locator, name: string) => dialog.getByRole("textbox", { name, exact: true });

describe.each(JS_MODES)("tariffs $name", (mode) => {
  it("adds a tariff typed in pounds, edits it, withdraws it after asking (it leaves the live list at once) and deletes it", async () => {
    const page = await openTariffs(mode);
    await page.getByRole("link", { name: "Add Tariff" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Tariff" });
    await dialog.waitFor();
    expect(page.url()).toBe(`${server.url}/admin/tariffs/new`);

    // First a form with mistakes: each message comes back by its field, and what was typed stays.
    await textbox(dialog, "Name").fill("Business Unlimited");
    await textbox(dialog, "Slug").fill("Vodafone Unlimited");
    await textbox(dialog, "Monthly price ex VAT (£)").fill("21.999");
    await dialog.getByRole("button", { name: "Add Tariff" }).click();
    dialog = page.getByRole("dialog", { name: "Add Tariff" });
    const messages = [
      "Use lower-case letters, digits and single hyphens in the slug",
      "Choose a network: EE, O2, Vodafone, Three",
      "Enter the monthly price in pounds and pence, like 12.50",
      "Enter the data in GB, or tick Unlimited",
    ];
    // Listed at the dialog's top, no toast over its buttons, and each said again by its field.
    await expect.poll(() => dialog.getByTestId("error-summary").getByRole("link").allTextContents()).toEqual(messages);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await dialog.locator("p[id$='-error']").allTextContents()).toEqual(expect.arrayContaining(messages));
    expect(await textbox(dialog, "Name").inputValue()).toBe("Business Unlimited");
    expect(await textbox(dialog, "Monthly price ex VAT (£)").getAttribute("aria-invalid")).toBe("true");
    expect(await stored("vodafone-unlimited")).toBeUndefined();

    await textbox(dialog, "Slug").fill("vodafone-unlimited-24");
    await dialog.getByRole("combobox", { name: "Network" }).selectOption("Vodafone");
    await dialog.getByRole("combobox", { name: "Status" }).selectOption("live");
    await textbox(dialog, "Monthly price ex VAT (£)").fill("21.99");
    await dialog.getByRole("checkbox", { name: "Unlimited data" }).check();
    await dialog.getByRole("checkbox", { name: "5G" }).check();
    await dialog.getByRole("checkbox", { name: "EU roaming included" }).check();
    await textbox(dialog, "Fair-use limit (GB)").fill("25");
    await textbox(dialog, "Discount from line").fill("3");
    await textbox(dialog, "Discount (%)").fill("12.5");
    await dialog.getByLabel("Rise 1: from").fill("2027-04-01");
    await textbox(dialog, "Rise 1: monthly price ex VAT (£)").fill("23.49");
    await textbox(dialog, "Business extras").fill("Priority support\nSpend caps");
    await dialog.getByRole("button", { name: "Add Tariff" }).click();
    await backOnList(page);
    await expectToast(page, "Tariff added");

    const added = row(page, "vodafone-unlimited-24");
    const text = await added.textContent();
    expect(text).toContain("Vodafone");
    expect(text).toContain("£21.99");
    expect(text).toContain("Unlimited");
    expect(text).toContain("24 months");
    expect(text).toContain("Live");
    expect(await stored("vodafone-unlimited-24")).toMatchObject({
      monthlyPriceExVatPence: 2199,
      dataGb: null,
      fiveG: 1,
      priceRises: JSON.stringify([{ from: "2027-04-01", monthlyPriceExVatPence: 2349 }]),
      multiLineDiscount: JSON.stringify({ fromLine: 3, percent: 12.5 }),
      euRoaming: JSON.stringify({ included: true, fairUseGb: 25, dailyChargePence: null }),
      businessExtras: JSON.stringify(["Priority support", "Spend caps"]),
    });
    expect(await liveSlugs()).toEqual(["vodafone-unlimited-24"]);

    // Edit: the form shows the tariff in pounds; a new price and a second rise are saved in pence.
    await added.getByRole("link", { name: "Edit Vodafone Business Unlimited" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Tariff" });
    await dialog.waitFor();
    expect(await textbox(dialog, "Monthly price ex VAT (£)").inputValue()).toBe("21.99");
    expect(await textbox(dialog, "Rise 1: monthly price ex VAT (£)").inputValue()).toBe("23.49");
    expect(await dialog.getByRole("checkbox", { name: "Unlimited data" }).isChecked()).toBe(true);
    await textbox(dialog, "Monthly price ex VAT (£)").fill("19.50");
    await dialog.getByLabel("Rise 2: from").fill("2028-04-01");
    await textbox(dialog, "Rise 2: monthly price ex VAT (£)").fill("25");
    await dialog.getByRole("button", { name: "Update Tariff" }).click();
    await backOnList(page);
    await expectToast(page, "Tariff updated");
    expect(await row(page, "vodafone-unlimited-24").textContent()).toContain("£19.50");
    expect(JSON.parse((await stored("vodafone-unlimited-24"))!.priceRises)).toEqual([
      { from: "2027-04-01", monthlyPriceExVatPence: 2349 },
      { from: "2028-04-01", monthlyPriceExVatPence: 2500 },
    ]);

    // Withdraw asks first, saying the tariff leaves the website at once; Cancel leaves it live.
    await row(page, "vodafone-unlimited-24").getByRole("link", { name: "Withdraw Vodafone Business Unlimited" }).click();
    dialog = page.getByRole("dialog", { name: "Withdraw this tariff?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("It leaves the public comparison at once");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await backOnList(page);
    expect(await row(page, "vodafone-unlimited-24").textContent()).toContain("Live");
    expect(await liveSlugs()).toEqual(["vodafone-unlimited-24"]);
    // Confirmed: the tariff is off the live list at once.
    await row(page, "vodafone-unlimited-24").getByRole("link", { name: "Withdraw Vodafone Business Unlimited" }).click();
    dialog = page.getByRole("dialog", { name: "Withdraw this tariff?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    await backOnList(page);
    await expectToast(page, "Tariff withdrawn");
    await expect.poll(async () => row(page, "vodafone-unlimited-24").textContent()).toContain("Withdrawn");
    expect(await liveSlugs()).toEqual([]);
    await row(page, "vodafone-unlimited-24").getByRole("button", { name: "Publish Vodafone Business Unlimited" }).click();
    await expectToast(page, "Tariff published");
    await expect.poll(() => liveSlugs()).toEqual(["vodafone-unlimited-24"]);

    // Delete, after the confirmation.
    await row(page, "vodafone-unlimited-24").getByRole("link", { name: "Delete Vodafone Business Unlimited" }).click();
    dialog = page.getByRole("dialog", { name: "Delete tariff" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await backOnList(page);
    await expectToast(page, "Tariff deleted");
    expect(await stored("vodafone-unlimited-24")).toBeUndefined();
    expect(await page.getByText("No tariffs found").isVisible()).toBe(true);
    await page.context().close();
  });

  it("searches and filters the list in the URL, marking stale and sample tariffs", async () => {
    await addTariffs(api, [
      tariffInput({ slug: "ee-fresh", name: "Fresh SIM", checkedOn: "2026-11-01" }),
      tariffInput({ slug: "o2-old", network: "O2", name: "Old SIM", checkedOn: "2020-01-01" }),
      tariffInput({ slug: "three-draft", network: "Three", name: "Draft Data", status: "draft", serviceType: "data_only" }),
    ]);
    await server.db.updateTable("tariffs").set({ isSample: 1 }).where("slug", "=", "ee-fresh").execute();
    const page = await openTariffs(mode);
    expect(await page.getByTestId("tariff-row").count()).toBe(3);
    expect(await row(page, "o2-old").getByText("Stale", { exact: true }).isVisible()).toBe(true);
    expect(await row(page, "ee-fresh").getByText("Sample", { exact: true }).isVisible()).toBe(true);
    expect(await row(page, "ee-fresh").getByText("Stale", { exact: true }).count()).toBe(0);

    await page.getByRole("combobox", { name: "Filter by when prices were checked" }).selectOption("1");
    if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/stale=1/);
    await expect.poll(() => page.getByTestId("tariff-row").count()).toBe(1);
    expect(await row(page, "o2-old").isVisible()).toBe(true);

    await go(page, mode, "/admin/tariffs?serviceType=data_only");
    expect(await page.getByTestId("tariff-row").count()).toBe(1);
    expect(await row(page, "three-draft").textContent()).toContain("Draft");
    await go(page, mode, "/admin/tariffs?q=fresh&network=not-a-network");
    expect(await page.getByTestId("tariff-row").count()).toBe(1);
    expect(await row(page, "ee-fresh").isVisible()).toBe(true);
    await page.context().close();
  });

  it("imports a CSV whole or not at all: a file with bad rows writes nothing and shows every problem; a good one adds, then updates", async () => {
    const csv = await exportedCsv([tariffInput({ slug: "ee-csv-one" }), tariffInput({ slug: "o2-csv-two", network: "O2", name: "O2 CSV" })]);
    const [header, ...rows] = csv.trimEnd().split(/\r?\n/);
    const one = rows.findIndex((line) => line.includes("ee-csv-one"));
    const two = rows.findIndex((line) => line.includes("o2-csv-two"));
    const broken = [...rows];
    broken[one] = broken[one]!.replace(/,"?EE"?,/, ",BT,");
    broken[two] = broken[two]!.replace("o2-csv-two", "O2 CSV Two");
    const page = await openTariffs(mode);

    await uploadCsv(page, [header, ...broken].join("\r\n"));
    const dialog = page.getByRole("dialog", { name: "Import tariffs" });
    const problems = dialog.getByTestId("import-error");
    await expect.poll(() => problems.count()).toBe(2);
    const listed = (await problems.allTextContents()).join("\n");
    expect(listed).toContain(`Line ${one + 2}`);
    expect(listed).toContain("Choose a network");
    expect(listed).toContain(`Line ${two + 2}`);
    expect(listed).toContain("Use lower-case letters, digits and single hyphens in the slug");
    expect(await dialog.getByText("Nothing was imported: the file has 2 errors").isVisible()).toBe(true);
    expect(await server.db.selectFrom("tariffs").select("slug").execute()).toEqual([]);

    await uploadCsv(page, csv);
    await backOnList(page);
    await expectToast(page, "2 added, 0 updated");
    expect(await page.getByTestId("tariff-row").count()).toBe(2);

    await uploadCsv(page, csv.replace("Business SIM 30GB", "Business SIM 30GB Plus"));
    await backOnList(page);
    await expectToast(page, "0 added, 2 updated");
    expect(await row(page, "ee-csv-one").textContent()).toContain("Business SIM 30GB Plus");
    await page.context().close();
  });

  it("offers the sample tariffs on an empty catalogue, marked Sample once imported", async () => {
    const page = await openTariffs(mode);
    const samples = page.getByRole("button", { name: "Import sample tariffs" });
    expect(await samples.isVisible()).toBe(true);
    await samples.click();
    await expectToast(page, "sample tariffs imported");
    await expect.poll(() => page.getByRole("button", { name: "Import sample tariffs" }).count()).toBe(0);
    const count = await server.db
      .selectFrom("tariffs")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBeGreaterThanOrEqual(30);
    expect(await page.getByTestId("tariff-row").first().getByText("Sample", { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("lets a manager see the list but not add, edit, publish, withdraw, delete or import", async () => {
    await addTariffs(api, [tariffInput()]);
    const page = await openTariffs(mode, MANAGER);
    expect(await row(page, "ee-business-30gb-24").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Export CSV" }).count()).toBe(1);
    for (const name of ["Add Tariff", "Import CSV"]) expect(await page.getByRole("link", { name }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^(Edit|Delete|Withdraw) / }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Publish|Withdraw) / }).count()).toBe(0);

    // Typing the address of a dialog does not get round it.
    for (const dialog of ["edit", "withdraw"]) {
      await go(page, mode, `/admin/tariffs/ee-business-30gb-24/${dialog}`);
      expect(page.url()).toBe(`${server.url}/admin/dashboard`);
      await expectToast(page, "Access Denied");
    }
    expect(await stored("ee-business-30gb-24")).toMatchObject({ status: "live" });
    await page.context().close();
  });
});

describe("the dashboard and stale prices", () => {
  it("warns of tariffs whose prices are older than TARIFF_STALE_DAYS, linking to them", async () => {
    await addTariffs(api, [
      tariffInput({ slug: "fresh" }),
      tariffInput({ slug: "old-one", checkedOn: "2020-01-01" }),
      tariffInput({ slug: "old-two", checkedOn: "2021-06-30" }),
    ]);
    const page = await openTariffs(JS_MODES[1]);
    await go(page, JS_MODES[1], "/admin/dashboard");
    const warning = page.getByTestId("stale-tariffs-warning");
    expect(await warning.textContent()).toContain("2 tariffs have prices older than 90 days");
    await warning.getByRole("link", { name: "See the stale tariffs" }).click();
    await page.waitForURL(`${server.url}/admin/tariffs?stale=1`);
    await expect.poll(() => page.getByTestId("tariff-row").count()).toBe(2);

    await server.db.deleteFrom("tariffs").where("slug", "like", "old-%").execute();
    await go(page, JS_MODES[1], "/admin/dashboard");
    expect(await page.getByTestId("stale-tariffs-warning").count()).toBe(0);
    await page.context().close();
  });
});

describe("tariffs screen accessibility", () => {
  it("has no serious or critical problems on the list and in the add, edit, withdraw and delete dialogs", async () => {
    await addTariffs(api, [tariffInput()]);
    const page = await openTariffs(JS_MODES[1]);
    for (const path of [
      "/admin/tariffs",
      "/admin/tariffs/new",
      "/admin/tariffs/import",
      "/admin/tariffs/ee-business-30gb-24/edit",
      "/admin/tariffs/ee-business-30gb-24/withdraw",
      "/admin/tariffs/ee-business-30gb-24/delete",
    ]) {
      await go(page, JS_MODES[1], path);
      const violations = await seriousAccessibilityViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
    await page.context().close();
  });
});
