import http from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { addTariffs, tariffInput } from "../support/tariffs";

// The catalogue's CSV import and export and the sample tariffs, against the real built server.

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const staff = forSuite(() => staffOfEveryRole(server));

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
  await server.db.deleteFrom("auditLog").where("entityType", "=", "tariff").execute();
});

/** The documented columns (docs/tariffs.md), as a staff member's spreadsheet has them. */
const HEADER = [
  "slug",
  "network",
  "name",
  "service_type",
  "status",
  "monthly_price_ex_vat",
  "upfront_cost_ex_vat",
  "term_months",
  "price_rises",
  "data_gb",
  "minutes",
  "texts",
  "five_g",
  "eu_roaming",
  "eu_roaming_fair_use_gb",
  "eu_roaming_daily_charge",
  "wifi_calling",
  "business_extras",
  "multi_line_discount_from_line",
  "multi_line_discount_percent",
  "min_lines",
  "max_lines",
  "source_url",
  "checked_on",
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

/** A complete, valid row; a test changes only what it is about. */
const row = (overrides: Row = {}): Row => ({
  slug: "ee-business-30gb-24",
  network: "EE",
  name: "Business SIM 30GB",
  service_type: "sim_only",
  status: "live",
  monthly_price_ex_vat: "12.50",
  upfront_cost_ex_vat: "0.00",
  term_months: "24",
  price_rises: "2027-04-01=14.00;2028-04-01=15.50",
  data_gb: "30",
  minutes: "unlimited",
  texts: "",
  five_g: "yes",
  eu_roaming: "yes",
  eu_roaming_fair_use_gb: "15",
  eu_roaming_daily_charge: "",
  wifi_calling: "no",
  business_extras: "Priority support;Shared data",
  multi_line_discount_from_line: "2",
  multi_line_discount_percent: "10",
  min_lines: "1",
  max_lines: "50",
  source_url: "https://ee.co.uk/business",
  checked_on: "2026-11-01",
  ...overrides,
});

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvFile = (rows: Row[], eol = "\r\n") =>
  [HEADER.join(","), ...rows.map((cells) => HEADER.map((name) => quoted(cells[name] ?? "")).join(","))].join(eol) + eol;

const importCsv = (client: Client, body: string, contentType = "text/csv") =>
  client.request("POST", "/admin/api/tariffs/import", { body, headers: { "Content-Type": contentType } });

const countTariffs = async () => (await server.db.selectFrom("tariffs").select("id").execute()).length;
const getTariff = async (slug: string) => (await staff.manager.get(`/admin/api/tariffs/${slug}`)).json();

describe("POST /admin/api/tariffs/import", () => {
  it.each(["admin", "super_admin"] as const)("adds every row for a %s, in pounds and pence made exact pence, and audits it", async (role) => {
    const response = await importCsv(
      staff[role],
      csvFile([
        row(),
        row({
          slug: "o2-unlimited-36",
          network: "O2",
          term_months: "36",
          data_gb: "unlimited",
          multi_line_discount_from_line: "",
          multi_line_discount_percent: "",
        }),
      ]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 2, updated: 0 });
    expect(await getTariff("ee-business-30gb-24")).toMatchObject({
      ...tariffInput({ checkedOn: "2026-11-01" }),
      monthlyPriceExVatPence: 1250,
      priceRises: [
        { from: "2027-04-01", monthlyPriceExVatPence: 1400 },
        { from: "2028-04-01", monthlyPriceExVatPence: 1550 },
      ],
      wifiCalling: false,
      businessExtras: ["Priority support", "Shared data"],
      sourceUrl: "https://ee.co.uk/business",
      isSample: false,
    });
    expect(await getTariff("o2-unlimited-36")).toMatchObject({ dataGb: null, minutes: null, texts: null, multiLineDiscount: null, termMonths: 36 });
    const audit = await server.db.selectFrom("auditLog").select(["action", "summary"]).where("entityType", "=", "tariff").execute();
    expect(audit).toEqual([{ action: "tariff.imported", summary: "Imported 2 tariffs from a CSV file: 2 added, 0 updated" }]);
  });

  it("imports a file saved from UK Excel, its dates day first, as the same days", async () => {
    const response = await importCsv(staff.admin, csvFile([row({ checked_on: "01/11/2026", price_rises: "1/4/2027=14.00;01/04/28=15.50" })]));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ created: 1, updated: 0 });
    expect(await getTariff("ee-business-30gb-24")).toMatchObject({
      checkedOn: "2026-11-01",
      priceRises: [
        { from: "2027-04-01", monthlyPriceExVatPence: 1400 },
        { from: "2028-04-01", monthlyPriceExVatPence: 1550 },
      ],
    });
  });

  it("updates a slug already in the catalogue, and counts it as updated", async () => {
    await addTariffs(staff.admin, [tariffInput({ name: "Old name" })]);
    const response = await importCsv(staff.admin, csvFile([row(), row({ slug: "three-new" })]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 1, updated: 1 });
    expect(await getTariff("ee-business-30gb-24")).toMatchObject({ name: "Business SIM 30GB", monthlyPriceExVatPence: 1250 });
    expect(await countTariffs()).toBe(2);
  });

  it("writes nothing when any row is bad, and names every error with its spreadsheet line and column", async () => {
    await addTariffs(staff.admin, [tariffInput({ name: "Untouched" })]);
    const file = csvFile([
      row(), // line 2: fine
      row({ slug: "bad-price", monthly_price_ex_vat: "12.505" }), // line 3
      row({ slug: "bad-many", network: "Tesco", term_months: "18", five_g: "maybe", checked_on: "2026-02-30" }), // line 4
      row({ slug: "ee-business-30gb-24" }), // line 5: the slug again
      row({ slug: "bad-discount", multi_line_discount_percent: "" }), // line 6
      row({ slug: "bad-rises", price_rises: "2027-04-01=3.9%" }), // line 7
    ]);
    const response = await importCsv(staff.admin, file);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; errors: { line: number; field: string; message: string }[] };
    expect(body.error).toBe("Nothing was imported: the file has 8 errors");
    expect(body.errors.map(({ line, field }) => ({ line, field }))).toEqual([
      { line: 3, field: "monthly_price_ex_vat" },
      { line: 4, field: "network" },
      { line: 4, field: "term_months" },
      { line: 4, field: "five_g" },
      { line: 4, field: "checked_on" },
      { line: 5, field: "slug" },
      { line: 6, field: "multi_line_discount_percent" },
      { line: 7, field: "price_rises" },
    ]);
    expect(body.errors[0]!.message).toMatch(/two decimal places/);
    expect(body.errors[5]!.message).toMatch(/also on line 2/);
    expect(body.errors.every((error) => error.message.length > 0)).toBe(true);
    expect(await countTariffs()).toBe(1);
    expect(await getTariff("ee-business-30gb-24")).toMatchObject({ name: "Untouched" });
    expect(await server.db.selectFrom("auditLog").select("action").where("entityType", "=", "tariff").execute()).toEqual([{ action: "tariff.created" }]);
  });

  it("reads quoted cells with commas, quotes and line breaks, LF endings, a byte-order mark, columns in any order and blank lines, counting lines as a spreadsheet does", async () => {
    const reordered = [...HEADER].reverse();
    const line = (cells: Row) => reordered.map((name) => quoted(cells[name] ?? "")).join(",");
    // A name is one line (a line break in it would be refused); the extras' cell may break between extras.
    const first = row({ name: 'Business "Plus", 30GB for teams', business_extras: "Priority support;\nShared data" });
    const file = `\uFEFF${reordered.join(",")}\n${line(first)}\n\n${line(row({ slug: "second", monthly_price_ex_vat: "abc" }))}\n`;
    const response = await importCsv(staff.admin, file);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ line: 4, field: "monthly_price_ex_vat", message: "Enter pounds and pence, like 12.50" }]);
    const fixed = file.replace("abc", "9.99");
    expect((await importCsv(staff.admin, fixed)).status).toBe(200);
    expect(await getTariff("ee-business-30gb-24")).toMatchObject({
      name: 'Business "Plus", 30GB for teams',
      businessExtras: ["Priority support", "Shared data"],
    });
  });

  it("refuses a row whose name holds control or text-direction characters (a line break among them) with its line, column and message, writing nothing", async () => {
    const file = csvFile([row(), row({ slug: "reversed", name: "Business \u202eBG03 MIS" }), row({ slug: "two-lines", name: "Business SIM\n30GB" })]);
    const response = await importCsv(staff.admin, file);
    expect(response.status).toBe(400);
    const message = "Please type the tariff's name again: it holds hidden control or text-direction characters";
    expect((await response.json()).errors).toEqual([
      { line: 3, field: "name", message },
      { line: 4, field: "name", message },
    ]);
    expect(await countTariffs()).toBe(0);
  });

  it.each([
    { file: "slug,network\r\nx,EE\r\n", line: 1, field: "name", what: "a missing column" },
    { file: `${HEADER.join(",")},colour\r\n`, line: 1, field: "colour", what: "an unknown column" },
    { file: `${HEADER.join(",")}\r\n"unclosed,EE\r\n`, line: 2, field: "file", what: "a quote never closed" },
    { file: `${HEADER.join(",")}\r\nonly,three,cells\r\n`, line: 2, field: "row", what: "a row of the wrong width" },
    { file: `${HEADER.join(",")}\r\n`, line: 2, field: "file", what: "no rows" },
    { file: "", line: 1, field: "file", what: "an empty file" },
    { file: `${HEADER.join(",")}\r\n${"\r\n".repeat(500_000)}`, line: 2, field: "file", what: "a million bytes of blank lines" },
  ])("refuses $what with a clear error, writing nothing", async ({ file, line, field }) => {
    const response = await importCsv(staff.admin, file);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toContainEqual(expect.objectContaining({ line, field }));
    expect(await countTariffs()).toBe(0);
  });

  it("refuses more than 10,000 tariffs in one file without writing any", async () => {
    const short = (index: number) => `t${index},EE,T,sim_only,live,1.00,,1,,1,,,,,,,,,,,,,,2026-11-01`;
    const file = [HEADER.join(","), ...Array.from({ length: 10_001 }, (_, index) => short(index))].join("\n");
    const response = await importCsv(staff.admin, file);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { line: 10_002, field: "file", message: "The file has more than 10,000 tariffs: import at most 10,000 at a time" },
    ]);
    expect(await countTariffs()).toBe(0);
  });

  it("refuses a body over the limit (413) and one that is not text/csv (415)", async () => {
    // Declares 8 MB and a byte, sends its start: the answer comes without the rest.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/admin/api/tariffs/import`, {
        method: "POST",
        headers: { Cookie: staff.admin.cookie, Origin: server.url, "Content-Type": "text/csv", "Content-Length": String(8 * 1024 * 1024 + 1) },
      });
      request.write(HEADER.join(","));
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", reject);
    });
    expect(status).toBe(413);
    expect((await importCsv(staff.admin, csvFile([row()]), "application/json")).status).toBe(415);
    expect(await countTariffs()).toBe(0);
  });

  it("refuses a manager (403) and a visitor (401)", async () => {
    expect((await importCsv(staff.manager, csvFile([row()]))).status).toBe(403);
    expect((await importCsv(visitor, csvFile([row()]))).status).toBe(401);
    expect(await countTariffs()).toBe(0);
  });
});

describe("GET /admin/tariffs/export", () => {
  it("gives every staff role the catalogue in the import's columns, which imports back unchanged", async () => {
    const tricky = tariffInput({
      slug: "tricky",
      name: '=HYPERLINK("x"), "quoted"',
      businessExtras: ["-5% off accessories", "@mentions"],
      dataGb: 0.5,
      euRoaming: { included: false, fairUseGb: null, dailyChargePence: 225 },
      multiLineDiscount: { fromLine: 3, percent: 12.5 },
      upfrontCostExVatPence: 4999,
      minutes: 500,
      texts: null,
    });
    await addTariffs(staff.admin, [tariffInput(), tricky]);
    const before = await (await staff.manager.get("/admin/api/tariffs")).json();
    const response = await staff.manager.get("/admin/tariffs/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="tariffs-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Read as bytes: the byte-order mark spreadsheets need is kept, and must import back too.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.split("\r\n")[0]).toBe(`\uFEFF${HEADER.map((name) => `"${name}"`).join(",")}`);
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    const audit = await server.db.selectFrom("auditLog").select(["action", "summary"]).where("action", "=", "tariffs.exported").execute();
    expect(audit.at(-1)).toEqual({ action: "tariffs.exported", summary: "Exported 2 tariffs to CSV (all tariffs)" });

    await server.db.deleteFrom("tariffs").execute();
    const reimport = await importCsv(staff.admin, csv);
    expect(reimport.status, await reimport.clone().text()).toBe(200);
    expect(await reimport.json()).toEqual({ created: 2, updated: 0 });
    const after = await (await staff.manager.get("/admin/api/tariffs")).json();
    const withoutTimes = (tariffs: Record<string, unknown>[]) => tariffs.map(({ createdAt: _c, updatedAt: _u, ...tariff }) => tariff);
    expect(withoutTimes(after)).toEqual(withoutTimes(before));
  });

  it("exports only the filtered tariffs", async () => {
    await addTariffs(staff.admin, [tariffInput(), tariffInput({ slug: "o2-draft", network: "O2", status: "draft" })]);
    const csv = await (await staff.manager.get("/admin/tariffs/export?network=O2")).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(csv).toContain('"o2-draft"');
  });
});

describe("POST /admin/api/tariffs/import-samples", () => {
  it("fills an empty catalogue with about 40 illustrative tariffs across the four networks, marked sample", async () => {
    const response = await staff.admin.postJson("/admin/api/tariffs/import-samples", {});
    expect(response.status).toBe(200);
    const { created, updated } = await response.json();
    expect(updated).toBe(0);
    expect(created).toBeGreaterThanOrEqual(35);
    const tariffs = (await (await staff.manager.get("/admin/api/tariffs")).json()) as {
      network: string;
      isSample: boolean;
      status: string;
      priceRises: unknown[];
      multiLineDiscount: unknown;
      serviceType: string;
      sourceUrl: string;
    }[];
    expect(tariffs).toHaveLength(created);
    expect(new Set(tariffs.map((tariff) => tariff.network))).toEqual(new Set(["EE", "O2", "Vodafone", "Three"]));
    expect(new Set(tariffs.map((tariff) => tariff.serviceType))).toEqual(new Set(["sim_only", "handset", "data_only"]));
    expect(tariffs.every((tariff) => tariff.isSample && tariff.status === "live" && tariff.sourceUrl.startsWith("https://"))).toBe(true);
    expect(tariffs.filter((tariff) => tariff.priceRises.length > 0).length).toBeGreaterThan(5);
    expect(tariffs.filter((tariff) => tariff.multiLineDiscount !== null).length).toBeGreaterThan(5);
    const audit = await server.db.selectFrom("auditLog").select("action").where("entityType", "=", "tariff").execute();
    expect(audit).toEqual([{ action: "tariff.imported" }]);
  });

  it("refuses (409) once the catalogue has a tariff, adding nothing", async () => {
    await addTariffs(staff.admin, [tariffInput()]);
    const response = await staff.admin.postJson("/admin/api/tariffs/import-samples", {});
    expect(response.status).toBe(409);
    expect(await countTariffs()).toBe(1);
  });

  it("refuses a manager (403) and a visitor (401)", async () => {
    expect((await staff.manager.postJson("/admin/api/tariffs/import-samples", {})).status).toBe(403);
    expect((await visitor.postJson("/admin/api/tariffs/import-samples", {})).status).toBe(401);
    expect(await countTariffs()).toBe(0);
  });

  it("stops being a sample once staff edit it or re-import its slug", async () => {
    await staff.admin.postJson("/admin/api/tariffs/import-samples", {});
    const [first, second] = (await (await staff.manager.get("/admin/api/tariffs")).json()) as { slug: string }[];
    expect((await staff.admin.patch(`/admin/api/tariffs/${first!.slug}`, { name: "Checked by staff" })).status).toBe(200);
    expect(await getTariff(first!.slug)).toMatchObject({ isSample: false, name: "Checked by staff" });
    expect((await importCsv(staff.admin, csvFile([row({ slug: second!.slug })]))).status).toBe(200);
    expect(await getTariff(second!.slug)).toMatchObject({ isSample: false });
    const samples = await server.db.selectFrom("tariffs").select("id").where("isSample", "=", 1).execute();
    expect(samples.length).toBeGreaterThanOrEqual(33);
  });
});
